/** Copy of /services/mixing-mastering (its packages and prices are the owner's, from the site content). */

/** What every mixing & mastering order includes; the page adds the revisions from the owner's packages. */
export const MIXING_INCLUDED = [
  { title: 'Professional Mixing', text: 'Balance, EQ, compression, space and movement, so every part of the song has its place.' },
  { title: 'Stereo Mastering', text: 'Loudness, tone and polish for streaming, radio and club playback.' },
  { title: 'Multiple Formats', text: 'Masters delivered as high-resolution WAV and MP3, ready for distribution.' },
];

export const MIXING_REVISIONS_TEXT = 'We refine the mix with you until it sounds the way you hear it in your head.';
