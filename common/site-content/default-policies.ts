/*
 * The policies a fresh site starts with, written in the studio's voice from the facts of the brief
 * (Georgia law, 30-day audio retention). Markdown with content tokens (content-tokens.ts). The studio
 * should have its own adviser review them before relying on them.
 */
// One line per paragraph, as the owner's editor shows them (a wrapped line would be a soft break in the text).
/* eslint-disable max-len */
export const DEFAULT_PRIVACY_POLICY = `{{studio.name}} ("we", "us") is a studio in {{studio.location}} offering {{services.offered}}. This policy explains what information we collect when you use this website or work with us, why we collect it, and the choices you have.

## Information We Collect

We only collect what we need to answer you and to work on your music:

- Contact details you send through our contact form: your name, e-mail address, an optional phone number and your message.
- Audio files, stems, reference tracks and notes you send us for a project.
- Basic technical information that every web server receives, such as your IP address, browser type and the pages requested, kept in server logs for security and troubleshooting.

## How We Use Your Information

We use your information to:

- reply to your enquiry, usually within {{studio.responseHours}} hours, and schedule your free consultation;
- mix, master or produce the audio you send us, and deliver the results to you;
- keep a record of our conversations and projects;
- protect the website against abuse, for example by limiting repeated form submissions.

## Your Audio Files

Your music stays yours. We use the files you send only to work on your project. We never sell, share or publish them, and we only feature a track in our sample portfolio with your explicit permission.

We keep project audio for 30 days after project completion, so that you can ask for a last change or a new copy of your files. After that period we delete it from our working storage.

## Cookies

The public website does not use advertising or tracking cookies. When you start filling in the contact form, the site sets one strictly necessary cookie that records when the form was opened, so that automated spam can be told apart from messages written by people; it holds nothing about you and expires after a day. A strictly necessary session cookie is set only when studio staff sign in to the administration area, or when a client signs in to their project space with the link we e-mail them; the client's cookie ends after 30 days without use, or at once when they sign out.

## Visitor Statistics

{{site.analytics}}

## Sharing Your Information

We do not sell or rent your personal information. We share it only with service providers that help us run the website and deliver e-mail and files (such as hosting and e-mail providers), who may use it only on our behalf, or when the law requires us to.

## How Long We Keep Information

Contact messages are kept as long as needed to answer you and to keep a record of our work together. Project audio is kept for 30 days after project completion, as described above.

## Security

We protect your information with encrypted connections, access limited to studio staff and careful handling of your files. No method of storage or transmission is perfectly secure, but we take reasonable care to keep your information safe.

## Your Choices and Rights

You can ask us at any time to see the personal information we hold about you, to correct it, or to delete it, including your audio files before the end of the retention period. Write to us at the address below and we will answer promptly.

## Children's Privacy

This website is not directed at children under 13, and we do not knowingly collect their personal information. If you are under 18, please involve a parent or guardian before starting a project with us.

## Changes to This Policy

If we change this policy we will publish the new version on this page with its effective date.`;

export const DEFAULT_TERMS = `These terms apply when you use this website or book our services ({{services.offered}}) from {{studio.name}} ("we", "us"). By sending us files or booking a project you agree to them.

## Our Services

We offer {{services.offered}}, delivered digitally to clients worldwide. The contents, price, number of revisions and turnaround of each package are described on our website and confirmed with you before work begins.

## Prices and Payment

Prices are in US dollars and are quoted per song unless we agree otherwise in writing. The new-client special applies to a new client's first song only. We confirm the price of your project during the free consultation, before any work starts.

## Your Material and Rights

You confirm that you own or have permission to use all audio, lyrics, samples and other material you send us, and that our work on it will not infringe anyone else's rights.

You keep all rights to your music and to the finished mixes and masters. We will not publish or share your work without your permission.

## Files and Preparation

Results depend on the quality of the files we receive. Please follow our file preparation guidelines; if files are missing, damaged or not as described, we will let you know and the timeline may change.

## Revisions

Each package includes the number of revisions stated for it. A revision is a change to the mix or master we delivered; new recordings, a new arrangement or a different song count as a new project.

## Turnaround

The first version of one song is delivered within {{packages.turnaround}} of complete files, depending on the package. Turnaround times are estimates that start when we have received all files and information needed, and they can change with the size of the project and the number of revisions.

## File Retention

We keep your project audio for 30 days after project completion. Please download and back up your final files promptly: after this period they are deleted and we cannot restore them.

## Limitation of Liability

We work with care, but to the extent the law allows, our total liability for any project is limited to the amount you paid for it, and we are not liable for indirect losses such as lost profits or missed release dates.

## Website Use

The content of this website, including its text, graphics and sample tracks, may not be copied or reused without permission. Sample tracks are shown with the permission of their artists.

## Governing Law

These terms are governed by the laws of the State of Georgia, United States, without regard to its conflict-of-law rules. Any dispute will be handled by the courts located in Georgia.

## Changes to These Terms

We may update these terms; the version published on this page with its effective date applies to new projects.`;
