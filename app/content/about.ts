/** The founder biography and stats of /about. Written from the facts in the spec; no invented names or awards. */

export const YEARS_EXPERIENCE = '17+';
export const ALBUMS_MASTERED = '100+';

export const ABOUT_STATS = [
  { value: YEARS_EXPERIENCE, label: 'Years Experience' },
  { value: ALBUMS_MASTERED, label: 'Albums Mastered' },
  { value: 'Radio', label: 'Quality Standards' },
] as const;

export const FOUNDER_BIO: string[] = [
  `Our founder has spent ${YEARS_EXPERIENCE} years behind the console, mixing and mastering records ` +
    `for artists of every genre. Over that time more than ${ALBUMS_MASTERED.replace('+', '')} albums ` +
    `have passed through this studio on their way to listeners, each one finished to radio quality ` +
    `standards.`,
  'The studio started in Atlanta, a city that has shaped how the world hears modern music, and ' +
    'it still works from here today. Thanks to online file delivery, the same care reaches artists ' +
    'everywhere: you send your tracks from wherever you are and receive a finished, release-ready ' +
    'master.',
  'Every project starts with a conversation. Before a single fader moves, we listen to your references ' +
    'and your rough mix and ask what you want people to feel. Then we shape the mix around that: ' +
    'clear vocals, solid low end, space and punch, so your song holds up next to the records you ' +
    'love, on a phone, in a car or on the radio.',
  'We believe great sound should be within reach of independent artists, which is why new clients ' +
    'can have their first song mixed and mastered at an introductory price. Hear the difference ' +
    'for yourself, then decide.',
];

export const ABOUT_VALUES = [
  {
    title: 'Your vision first',
    text: 'We serve the song and the artist: our job is to make your music sound like the best version of itself.',
  },
  { title: 'Honest feedback', text: 'If something in the recording holds the song back, we tell you, and we suggest how to fix it.' },
  { title: 'Craft and consistency', text: 'Every master is checked on several playback systems before it leaves the studio.' },
];
