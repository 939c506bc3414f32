import type { Services } from './services.ts';

/*
 * The services a fresh site sells: the copy of the original /services, /services/mixing-mastering
 * and /services/vocal-production pages, with the studio's facts as tokens so they follow the
 * settings. The mixing & mastering price comes from its packages; vocal production's is its own.
 */

export const DEFAULT_SERVICES: Services = {
  intro: 'Everything your song needs to sound finished: {{services.offered}}, done by hand in {{studio.city}} for ' + 'artists everywhere.',
  services: [
    {
      id: 'mixing-mastering',
      slug: 'mixing-mastering',
      formerSlugs: [],
      name: 'Mixing & Mastering',
      summary: 'A full mix and a radio-ready master for your song: balance, clarity, punch and loudness that hold up on every system.',
      priceFrom: 'packages',
      icon: 'sliders-horizontal',
      visible: true,
      points: ['Professional mixing', 'Stereo mastering', 'Revisions included', 'Multiple formats'],
      keywords: [
        'mixing and mastering',
        'song mixing',
        'stereo mastering',
        'stem mastering',
        'mixing and mastering price per song',
        '{{studio.city}} mixing engineer',
      ],
      page: {
        intro: 'Your song, balanced, polished and loud enough to stand next to the records you love, on every speaker it meets.',
        sections: [
          {
            eyebrow: 'Every order',
            title: "What's Included",
            body: '',
            itemsAs: 'grid',
            items: [
              {
                title: 'Professional Mixing',
                text: 'Balance, EQ, compression, space and movement, so every part of the song has its place.',
              },
              { title: 'Stereo Mastering', text: 'Loudness, tone and polish for streaming, radio and club playback.' },
              {
                title: 'Revisions Included',
                text:
                  'We refine the mix with you until it sounds the way you hear it in your head. Revision rounds: ' +
                  '{{packages.revisions}}.',
              },
              { title: 'Multiple Formats', text: 'Masters delivered as high-resolution WAV and MP3, ready for distribution.' },
            ],
          },
        ],
        packages: ['intro', 'standard', 'premium'],
        packagesTitle: 'Choose Your Package',
        cta: {
          title: "Let's Finish Your Song",
          text: 'Send us a message with a few words about your project and we will set up a free consultation.',
          button: 'Get Started',
        },
      },
    },
    {
      id: 'vocal-production',
      slug: 'vocal-production',
      formerSlugs: [],
      name: 'Vocal Production',
      summary: 'Polished, natural vocals: tuning and timing, comping the best takes, effects and harmonies that lift the song.',
      priceFrom: 100,
      icon: 'mic-vocal',
      visible: true,
      points: ['Tuning and timing', 'Comping', 'Effects', 'Harmonies'],
      keywords: [
        'vocal production',
        'vocal tuning',
        'vocal comping',
        'vocal timing correction',
        'harmony arrangement',
        '{{studio.city}} vocal producer',
      ],
      page: {
        intro: 'Polished, natural vocals that carry the song: tuned, timed and shaped to sit right in the mix.',
        sections: [
          {
            eyebrow: 'What we do',
            title: 'Vocal Production Services',
            body: '',
            itemsAs: 'grid',
            items: [
              { title: 'Tuning & Timing', text: 'Transparent pitch correction and timing edits that keep the emotion of the performance.' },
              { title: 'Comping', text: 'We pick the best moments from every take and build one seamless lead vocal.' },
              { title: 'Effects', text: 'Reverbs, delays, saturation and creative effects that give your voice its character.' },
              { title: 'Harmony', text: 'Stacks, doubles and harmonies arranged and balanced to support the lead.' },
            ],
          },
          {
            eyebrow: 'And more',
            title: 'Additional Services',
            body: '',
            itemsAs: 'grid',
            items: [
              {
                title: 'Recording Consultation',
                text: 'Advice on microphones, room and gain staging before you record, so the raw takes are as good as they can be.',
              },
              { title: 'Noise Reduction', text: 'Hiss, hum, clicks and room noise removed without dulling the voice.' },
              { title: 'Creative Enhancement', text: 'Ad-lib treatments, vocal chops and signature effects that make the hook stick.' },
            ],
          },
          {
            eyebrow: 'How it works',
            title: 'Our Vocal Production Process',
            body: '',
            itemsAs: 'steps',
            items: [
              { title: 'Send Your Vocals', text: 'Upload your raw vocal takes and the instrumental, with notes on the sound you want.' },
              { title: 'We Produce', text: 'We edit, tune, comp and process your vocals and fit them to the beat.' },
              { title: 'Review & Deliver', text: 'You review, we refine, and you receive polished vocal stems and a rough mix.' },
            ],
          },
        ],
        packages: [],
        packagesTitle: 'Choose Your Package',
        cta: {
          title: 'Book Your Vocal Session',
          text:
            'Send us your raw takes and the instrumental with a few words about the sound you want, and we will set up a free ' +
            'consultation.',
          button: 'Start Your Vocal Project',
        },
      },
    },
  ],
  ctaTitle: 'Ready to Hear the Difference?',
  whyChooseUs: [
    {
      title: 'Professional Quality',
      text:
        '{{studio.experience}} years of experience and radio quality standards on every song, whether it is your first single or ' +
        'your tenth album.',
    },
    {
      title: 'Fast Turnaround',
      text: 'Most projects are finished in days, not weeks, and we keep you informed from the first file to the final master.',
    },
    {
      title: 'Collaborative Approach',
      text: 'We listen to your references and your notes, and we refine the mix with you until it sounds like your vision.',
    },
  ],
};
