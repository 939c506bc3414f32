/** Copy of /services and /services/vocal-production (prices are the owner's, from the site content). */

export const SERVICE_OVERVIEW = [
  {
    id: 'mixing-mastering',
    title: 'Mixing & Mastering',
    priceLabel: 'Starting at',
    text: 'A full mix and a radio-ready master for your song: balance, clarity, punch and loudness that hold up on every system.',
    points: ['Professional mixing', 'Stereo mastering', 'Revisions included', 'Multiple formats'],
    to: '/services/mixing-mastering',
  },
  {
    id: 'vocal-production',
    title: 'Vocal Production',
    priceLabel: 'Starting at',
    text: 'Polished, natural vocals: tuning and timing, comping the best takes, effects and harmonies that lift the song.',
    points: ['Tuning and timing', 'Comping', 'Effects', 'Harmonies'],
    to: '/services/vocal-production',
  },
] as const;

export const WHY_CHOOSE_US = [
  {
    title: 'Professional Quality',
    text: 'Years of experience and radio quality standards on every song, whether it is your first single or your tenth album.',
  },
  {
    title: 'Fast Turnaround',
    text: 'Most projects are finished in days, not weeks, and we keep you informed from the first file to the final master.',
  },
  {
    title: 'Collaborative Approach',
    text: 'We listen to your references and your notes, and we refine the mix with you until it sounds like your vision.',
  },
];

export const VOCAL_SERVICES = [
  { title: 'Tuning & Timing', text: 'Transparent pitch correction and timing edits that keep the emotion of the performance.' },
  { title: 'Comping', text: 'We pick the best moments from every take and build one seamless lead vocal.' },
  { title: 'Effects', text: 'Reverbs, delays, saturation and creative effects that give your voice its character.' },
  { title: 'Harmony', text: 'Stacks, doubles and harmonies arranged and balanced to support the lead.' },
];

export const VOCAL_EXTRAS = [
  {
    title: 'Recording Consultation',
    text: 'Advice on microphones, room and gain staging before you record, so the raw takes are as good as they can be.',
  },
  { title: 'Noise Reduction', text: 'Hiss, hum, clicks and room noise removed without dulling the voice.' },
  { title: 'Creative Enhancement', text: 'Ad-lib treatments, vocal chops and signature effects that make the hook stick.' },
];

export const VOCAL_PROCESS = [
  { number: 1, title: 'Send Your Vocals', text: 'Upload your raw vocal takes and the instrumental, with notes on the sound you want.' },
  { number: 2, title: 'We Produce', text: 'We edit, tune, comp and process your vocals and fit them to the beat.' },
  { number: 3, title: 'Review & Deliver', text: 'You review, we refine, and you receive polished vocal stems and a rough mix.' },
];
