import { MAX_PEAK_DBFS, MIN_BIT_DEPTH, MIN_LOSSY_KBPS, MIN_SAMPLE_RATE_HZ } from '#common/file-rules.ts';
import type { Home } from './home.ts';
import type { Process } from './process.ts';

/*
 * What a fresh site says on the Process page and the home page's blocks: the words the pages had
 * in code before they became content. Reply time and turnaround are tokens, so they follow the
 * studio and package settings; the file rules' numbers are written from common/file-rules.ts,
 * which the checks of uploaded project files read too.
 */

const PEAK = `${MAX_PEAK_DBFS}dB`;

export const DEFAULT_PROCESS: Process = {
  intro: 'Six clear steps from the first conversation to your final master, with you in the loop the whole way.',
  steps: [
    {
      title: 'Initial Consultation',
      text:
        'Tell us about your song, your sound and your goals. The consultation is free, ' +
        'and we reply within {{studio.responseHours}} hours to schedule it.',
    },
    {
      title: 'File Submission',
      text: 'Send your stems or tracks, prepared with our file guidelines, together with any reference tracks and notes.',
    },
    {
      title: 'Professional Processing',
      text: 'We mix and master your song with care: balance, tone, dynamics, space and loudness, checked on several playback systems.',
    },
    {
      title: 'Review & Feedback',
      text: 'You receive a first version to listen to on your own speakers, headphones and car, and tell us what you hear.',
    },
    {
      title: 'Revisions & Refinement',
      text: 'We refine the mix from your feedback, within the revisions of your package, until it is right.',
    },
    {
      title: 'Final Delivery',
      text: 'You get your final masters in the formats you need, ready for streaming, radio and release.',
    },
  ],
  standards: [
    { title: 'Radio-ready loudness', text: 'Masters that compete on streaming platforms and radio without losing punch or dynamics.' },
    { title: 'Checked everywhere', text: 'Every mix is checked on studio monitors, headphones, phone speakers and in the car.' },
    { title: 'High-resolution files', text: 'We work and deliver at full resolution, from your session to the final master.' },
    { title: 'Clear communication', text: 'You always know where your project stands and what happens next.' },
  ],
  timelineIntro:
    'The first version of one song arrives within {{packages.turnaround}} of complete files, depending on your package. ' +
    'Several songs or many tracks take longer: we confirm the timing in the consultation.',
  preparing: {
    checklistTitle: 'Essential Requirements',
    checklist: [
      {
        title: 'File Preparation',
        items: [
          'WAV or AIFF files preferred',
          'Export every track from the same start point (bar 1, beat 1)',
          'Label each file clearly: instrument or vocal part, song name',
          `MP3 only if no source files exist, at ${MIN_LOSSY_KBPS}kbps minimum`,
        ],
      },
      {
        title: 'Technical Specifications',
        items: [
          `${MIN_BIT_DEPTH}-bit/${MIN_SAMPLE_RATE_HZ / 1000}kHz minimum`,
          `Peaks must not exceed ${PEAK}`,
          'No limiting or normalising on the master bus',
          'Same sample rate and length for every track',
        ],
      },
    ],
    guides: [
      {
        title: 'Vocal Track Guidelines',
        icon: 'mic',
        items: [
          'Separate dry vocal tracks: lead, doubles, ad-libs and harmonies each on their own',
          'No reverb, delay or tuning printed on the files; send a reference with your effects if they are part of the sound',
          'Keep breaths and room noise: we clean them with care rather than cutting blindly',
          `Leave headroom: vocal peaks below ${PEAK}`,
        ],
      },
      {
        title: 'Instrumental Guidelines',
        icon: 'music',
        items: [
          'Send the beat as stems (drums, bass, keys, melodies, FX) rather than a single two-track where possible',
          'All tracks start at the same time point, even if a part comes in later',
          'Tell us the tempo (BPM) and key of the song',
          'If you only have a two-track beat, send the highest-quality version you have',
        ],
      },
      {
        title: 'Pro Tips for Best Results',
        icon: 'tip',
        items: [
          'Include a reference track or two: songs whose sound you love',
          'Add a rough mix so we hear your vision and the vibe you are after',
          'Write short notes on anything specific: a line that must cut through, an effect you want kept',
          'Zip your files into one folder per song and name it after the song',
        ],
      },
    ],
  },
  cta: {
    title: 'Start With a Free Consultation',
    text: 'Step one is a conversation. Tell us about your song and we will take it from there.',
  },
};

/** The home page after the hero, in the spec's order: #services, #process, samples, testimonials, #contact. */
export const DEFAULT_HOME: Home = {
  samplesPage: {
    eyebrow: 'Portfolio',
    title: 'Sample Portfolio',
    intro: 'Hear the difference: mixes and masters across genres. Press play on any track to listen.',
  },
  blocks: [
    {
      key: 'packages',
      visible: true,
      eyebrow: 'Pricing',
      title: 'Our Service Packages',
      intro: 'Clear prices per song, no surprises. Every package is mixed and mastered by hand and delivered radio-ready.',
    },
    {
      key: 'preparing',
      visible: true,
      eyebrow: 'Before you send',
      title: 'Preparing Your Project',
      intro: 'Well-prepared files mean a faster turnaround and a better result. Here is what we need from you.',
    },
    {
      key: 'samples',
      visible: true,
      eyebrow: '',
      title: 'Featured Mix & Mastering Samples',
      intro: 'Listen to our latest professionally mastered tracks across various genres',
    },
    // Shown only when there is at least one testimonial.
    { key: 'testimonials', visible: true, eyebrow: 'Testimonials', title: 'What Artists Say', intro: '' },
    {
      key: 'contact',
      visible: true,
      eyebrow: 'Free consultation',
      title: 'Start Your Project',
      intro: 'Tell us about your project. We reply within {{studio.responseHours}} hours to schedule your free initial consultation.',
    },
  ],
};
