/*
 * The service agreement a fresh site starts with: the terms of one project, in the studio's voice,
 * with tokens for the facts that change (the studio, the packages' revisions and turnaround, how
 * long files are kept, and the payment plan each proposal fills in). As with the policies, the
 * studio should have its own adviser review it before relying on it.
 */
// One line per paragraph, as the owner's editor shows them.
/* eslint-disable max-len */
export const DEFAULT_AGREEMENT_BODY = `This agreement is between {{studio.name}}, {{a studio.location}} studio ("the studio", "we"), and the client named in the proposal ("you"). It covers the project the proposal describes: its songs, its package, the extras you chose and the price.

## The Work

We mix, master or produce the songs listed in the proposal, to the standard of the package you chose. The package sets what is included; anything else (more songs, stems, a rush, a new arrangement) is added only when both sides agree to it in writing, at the price then agreed.

## Payment

{{plan.terms}}

Amounts are those of the proposal, taxes included where it shows them. A deposit holds your place in our schedule and pays for the work started on it; once work on a song has begun it is not refunded. If you cancel before we start, we refund the deposit less any costs we have already incurred.

## Revisions

Each package includes its own number of revision rounds ({{packages.revisions}}). A revision is a change to a mix or master we delivered; new recordings, a new arrangement or a different song are new work. Extra rounds are charged as set out in the proposal.

## Turnaround

The first version of a song is usually ready within {{packages.turnaround}} of receiving complete files. The clock starts when we have every file and note we need and, when the plan asks for one, the deposit; it pauses while we wait for your answer.

## Your Material

You confirm that you own, or have permission to use, all audio, lyrics, samples and other material you send us, and that our work on it will not infringe anyone else's rights. You are responsible for clearing samples and for the releases of the people who perform on your recordings.

## Delivery and Ownership

We deliver the final files through your project page. Finished masters are released for download once every payment the plan asks before delivery has been made; until then you can listen to the mixes in the review room. When the project is paid in full, all rights in the finished mixes and masters are yours. We will not publish or share your work, or use it in our portfolio, without your permission.

## Files and Retention

We keep your project's audio for {{files.retentionDays}} days after the project is completed, so you can download it again or ask for a last change. After that it is deleted and cannot be restored: please keep your own copies.

## Limitation of Liability

We work with care, but to the extent the law allows, our total liability for the project is limited to the amount you paid for it, and we are not liable for indirect losses such as lost profits or missed release dates.

## Signing

Typing your name and accepting the proposal signs this agreement. We keep a record of the name you typed, the time, the address and browser you signed from, and a fingerprint of this exact text, and we send both sides a signed copy. This agreement is governed by the laws of the State of Georgia, United States.`;
