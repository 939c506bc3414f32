import { INTRO_PRICE_USD, VOCAL_PRODUCTION_FROM_USD, formatPrice } from './pricing';
import { MAX_PEAK_DB, MIN_BIT_DEPTH, MIN_MP3_BITRATE, MIN_SAMPLE_RATE, PREFERRED_FORMATS } from './file-requirements';
import { TYPICAL_COMPLETION } from './process';
import { RESPONSE_PROMISE_HOURS } from './site';

/** Contact page content: FAQ and the services glance. Hours and e-mail live in site.ts. */

export const WORLDWIDE_SERVICE = 'Worldwide digital service';

export const CONTACT_INTRO =
  `Tell us about your project. We reply within ${RESPONSE_PROMISE_HOURS} hours to schedule your ` + `free initial consultation.`;

export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ: FaqEntry[] = [
  {
    question: 'How long does a project take?',
    answer:
      `Most projects are finished in ${TYPICAL_COMPLETION}. Simple projects can be ready in 1-2 days, ` +
      `while complex projects with many tracks take 5-10 days. We confirm the timing for your song ` +
      `during the consultation.`,
  },
  {
    question: 'What files should I send?',
    answer:
      `${PREFERRED_FORMATS} files at ${MIN_BIT_DEPTH}/${MIN_SAMPLE_RATE} or better, with every track ` +
      `starting at the same point, peaks no higher than ${MAX_PEAK_DB} and dry vocals on their own ` +
      `tracks. MP3 works only if no source files exist, at ${MIN_MP3_BITRATE} minimum.`,
  },
  {
    question: 'Do you work with artists outside Atlanta?',
    answer:
      'Yes. We are based in Atlanta, GA, and work with artists all over the world: you send your ' +
      'files online, we send back your mix and master, and we talk whenever you need to.',
  },
  {
    question: 'How do revisions work?',
    answer:
      'After the first version you listen and send us your notes. We refine the mix within the revisions ' +
      'included in your package, and Premium includes unlimited revisions.',
  },
];

export const SERVICES_GLANCE = [
  { title: 'Mixing & Mastering', price: `From ${formatPrice(INTRO_PRICE_USD)}`, to: '/services/mixing-mastering' },
  { title: 'Vocal Production', price: `From ${formatPrice(VOCAL_PRODUCTION_FROM_USD)}`, to: '/services/vocal-production' },
];
