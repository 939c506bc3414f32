/** The six steps, quality standards and project timeline of /process. */

export interface ProcessStep {
  number: number;
  title: string;
  text: string;
}

/** The six steps; the first states the owner's reply time (studio.responseHours). */
export const processSteps = (responseHours: number): ProcessStep[] => [
  {
    number: 1,
    title: 'Initial Consultation',
    text:
      'Tell us about your song, your sound and your goals. The consultation is free, ' +
      `and we reply within ${responseHours} hours to schedule it.`,
  },
  {
    number: 2,
    title: 'File Submission',
    text: 'Send your stems or tracks, prepared with our file guidelines, together with any reference tracks and notes.',
  },
  {
    number: 3,
    title: 'Professional Processing',
    text: 'We mix and master your song with care: balance, tone, dynamics, space and loudness, checked on several playback systems.',
  },
  {
    number: 4,
    title: 'Review & Feedback',
    text: 'You receive a first version to listen to on your own speakers, headphones and car, and tell us what you hear.',
  },
  {
    number: 5,
    title: 'Revisions & Refinement',
    text: 'We refine the mix from your feedback, within the revisions of your package, until it is right.',
  },
  {
    number: 6,
    title: 'Final Delivery',
    text: 'You get your final masters in the formats you need, ready for streaming, radio and release.',
  },
];

export const QUALITY_STANDARDS: Array<{ title: string; text: string }> = [
  { title: 'Radio-ready loudness', text: 'Masters that compete on streaming platforms and radio without losing punch or dynamics.' },
  { title: 'Checked everywhere', text: 'Every mix is checked on studio monitors, headphones, phone speakers and in the car.' },
  { title: 'High-resolution files', text: 'We work and deliver at full resolution, from your session to the final master.' },
  { title: 'Clear communication', text: 'You always know where your project stands and what happens next.' },
];
