/**
 * Prices, packages and revision counts: the one place for each. Pages format these values with
 * `formatPrice`, so a price changed here changes everywhere (a unit test checks the pages follow).
 *
 * The spec records two readings for some facts. Each page shows the reading the spec gives for that
 * page, and both live here as named constants. THE STUDIO MUST CONFIRM WHICH READING IS CURRENT.
 */

export const INTRO_PRICE_USD = 75;
export const REGULAR_SONG_PRICE_USD = 150;
export const INTRO_SAVING_PERCENT = 50;
export const VOCAL_PRODUCTION_FROM_USD = 100;

/** Premium price: $350 on the home page cards, $150 per song on the mixing & mastering page. Studio to confirm. */
export const PREMIUM_PRICE_HOME_USD = 350;
export const PREMIUM_PRICE_MIXING_PAGE_USD = 150;

/** Intro revisions: 2 rounds on the home page card, 3 free revisions on the mixing & mastering page. Studio to confirm. */
export const INTRO_REVISIONS_HOME = 2;
export const INTRO_REVISIONS_MIXING_PAGE = 3;
export const STANDARD_REVISIONS = 3;

export const INTRO_TURNAROUND_HOURS = 48;
export const STANDARD_TURNAROUND_HOURS = 72;

export function formatPrice(usd: number): string {
  return `$${usd}`;
}

export interface ServicePackage {
  id: 'intro' | 'standard' | 'premium';
  title: string;
  price: number;
  /** Shown struck through next to the price, for the intro offer. */
  regularPrice?: number;
  priceNote: string;
  description: string;
  features: string[];
  popular: boolean;
}

/** The three cards of the home page's "Our Service Packages" section. */
export const HOME_PACKAGES: ServicePackage[] = [
  {
    id: 'intro',
    title: 'Intro Special',
    price: INTRO_PRICE_USD,
    regularPrice: REGULAR_SONG_PRICE_USD,
    priceNote: `Save ${INTRO_SAVING_PERCENT}% on your first song`,
    description: 'Your first song, mixed and mastered: the easiest way to hear what we can do for your music.',
    features: [
      'One song mix and master',
      'Professional consultation',
      'Radio-ready quality',
      `${INTRO_REVISIONS_HOME} rounds of revisions`,
      `${INTRO_TURNAROUND_HOURS}-hour turnaround`,
    ],
    popular: true,
  },
  {
    id: 'standard',
    title: 'Standard Mix & Master',
    price: REGULAR_SONG_PRICE_USD,
    priceNote: 'per song',
    description: 'A full professional mix and master with the detail your release deserves.',
    features: [
      'Professional mix and master',
      'Detailed sonic analysis',
      'EQ, compression and effects',
      `${STANDARD_REVISIONS} rounds of revisions`,
      `${STANDARD_TURNAROUND_HOURS}-hour turnaround`,
      'Multiple file formats',
    ],
    popular: false,
  },
  {
    id: 'premium',
    title: 'Premium Package',
    price: PREMIUM_PRICE_HOME_USD,
    priceNote: 'per song',
    description: 'Everything, plus the creative extras that take a record from finished to signature.',
    features: [
      'Everything in Standard',
      'Advanced sound design',
      'Vocal tuning',
      'Unlimited revisions',
      'Reference track matching',
      'Stems delivery option',
    ],
    popular: false,
  },
];

/** The two packages of /services/mixing-mastering, as the spec records them for that page. */
export const MIXING_PAGE_PACKAGES: ServicePackage[] = [
  {
    id: 'intro',
    title: 'Intro Special',
    price: INTRO_PRICE_USD,
    priceNote: 'per song',
    description: 'For new clients: your first song mixed and mastered at an introductory price.',
    features: ['Professional mixing', 'Stereo mastering', `${INTRO_REVISIONS_MIXING_PAGE} free revisions`, 'Multiple formats'],
    popular: true,
  },
  {
    id: 'premium',
    title: 'Premium Package',
    price: PREMIUM_PRICE_MIXING_PAGE_USD,
    priceNote: 'per song',
    description: 'For releases that need the extra mile and the fastest slot in the queue.',
    features: ['Everything in Intro', 'Unlimited revisions', 'Stem mastering available', 'Priority turnaround'],
    popular: false,
  },
];

/** What every mixing & mastering order includes (the /services/mixing-mastering page). */
export const MIXING_INCLUDED = [
  { title: 'Professional Mixing', text: 'Balance, EQ, compression, space and movement, so every part of the song has its place.' },
  { title: 'Stereo Mastering', text: 'Loudness, tone and polish for streaming, radio and club playback.' },
  {
    title: `Up to ${INTRO_REVISIONS_MIXING_PAGE} Free Revisions`,
    text: 'We refine the mix with you until it sounds the way you hear it in your head.',
  },
  { title: 'Multiple Formats', text: 'Masters delivered as high-resolution WAV and MP3, ready for distribution.' },
];
