/** The values of /about: how the studio works (the founder, biography, stats and credits are the owner's, from the site content). */

export const ABOUT_VALUES = [
  {
    title: 'Your vision first',
    text: 'We serve the song and the artist: our job is to make your music sound like the best version of itself.',
  },
  { title: 'Honest feedback', text: 'If something in the recording holds the song back, we tell you, and we suggest how to fix it.' },
  { title: 'Craft and consistency', text: 'Every master is checked on several playback systems before it leaves the studio.' },
];
