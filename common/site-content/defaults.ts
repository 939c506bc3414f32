import type { About } from './about.ts';
import type { Billing } from './billing.ts';
import type { Brand } from './brand.ts';
import { DEFAULT_AGREEMENT_BODY } from './default-agreement.ts';
import { DEFAULT_PRIVACY_POLICY, DEFAULT_TERMS } from './default-policies.ts';
import type { Agreement } from './agreement.ts';
import type { Faq } from './faq.ts';
import type { Hero } from './hero.ts';
import type { Policies } from './policies.ts';
import type { Packages } from './packages.ts';
import type { Studio } from './studio.ts';
import type { Testimonials } from './testimonials.ts';

/*
 * What a fresh site says before the owner changes anything: the brief's values, including the two
 * readings it gives for some prices (the editor shows them as disagreements to settle). Nothing
 * here is invented: no founder name, no credits, no testimonials, no social profiles.
 */

export const DEFAULT_STUDIO_EMAIL = 'contact@atlaudiomastering.com';

export const DEFAULT_STUDIO: Studio = {
  name: 'ATL Audio Mastering',
  shortName: 'ATL Audio',
  tagline:
    '{{services.offered}} from {{studio.location}}. We work with artists everywhere: send your tracks from anywhere in ' +
    'the world and get radio-ready sound back.',
  serviceArea: 'Worldwide digital service',
  reach: 'serving artists worldwide',
  email: DEFAULT_STUDIO_EMAIL,
  phone: '',
  location: { city: 'Atlanta', region: 'GA', country: 'US' },
  streetAddress: '',
  postalCode: '',
  experienceYears: 17,
  hours: {
    timeZone: 'America/New_York',
    days: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, opens: '09:00', closes: '19:00' })),
  },
  responseHours: 24,
  social: [],
};

/*
 * One reading of the brief's packages (decision 070): the home page's three cards are the records;
 * the mixing & mastering page shows the same three. The turnaround is the time to the first
 * version of one song; the Process page and the FAQ word it from these records.
 */
export const DEFAULT_PACKAGES: Packages = {
  packages: [
    {
      key: 'intro',
      name: 'Intro Special',
      price: 75,
      regularPrice: 150,
      priceNote: 'first song',
      description: 'Your first song, mixed and mastered: the easiest way to hear what we can do for your music.',
      included: ['One song mix and master', 'Professional consultation', 'Radio-ready quality'],
      revisions: 2,
      turnaround: { from: 48, to: 48, unit: 'hours' },
      popular: true,
      instantBooking: false,
      extras: [],
    },
    {
      key: 'standard',
      name: 'Standard Mix & Master',
      price: 150,
      regularPrice: null,
      priceNote: 'per song',
      description: 'A full professional mix and master with the detail your release deserves.',
      included: ['Professional mix and master', 'Detailed sonic analysis', 'EQ, compression and effects', 'Multiple file formats'],
      revisions: 3,
      turnaround: { from: 72, to: 72, unit: 'hours' },
      popular: false,
      instantBooking: false,
      extras: [
        { label: 'Stems of every song', price: 50 },
        { label: 'Rush delivery (48 hours)', price: 75 },
      ],
    },
    {
      key: 'premium',
      name: 'Premium Package',
      price: 350,
      regularPrice: null,
      priceNote: 'per song',
      description: 'Everything, plus the creative extras that take a record from finished to signature.',
      included: [
        'Everything in Standard',
        'Advanced sound design',
        'Vocal tuning',
        'Reference track matching',
        'Stems delivery option',
        'Priority in the queue',
      ],
      revisions: 'unlimited',
      turnaround: { from: 48, to: 48, unit: 'hours' },
      popular: false,
      instantBooking: false,
      extras: [{ label: 'Rush delivery (24 hours)', price: 100 }],
    },
  ],
};

export const DEFAULT_ABOUT: About = {
  founderName: '',
  founderRole: 'Founder & Lead Engineer',
  photo: null,
  biography: [
    'Our founder has spent {{studio.experience}} years behind the console, mixing and mastering records for artists of every ' +
      'genre. Over that time more than 100 albums have passed through this studio on their way to listeners, each one ' +
      'finished to radio quality standards.',
    'The studio started in {{studio.city}} and still works from there today. ' +
      'Thanks to online file delivery, the same care reaches artists everywhere: you send your tracks from wherever you are and ' +
      'receive a finished, release-ready master.',
    'Every project starts with a conversation. Before a single fader moves, we listen to your references and your rough mix and ' +
      'ask what you want people to feel. Then we shape the mix around that: clear vocals, solid low end, space and punch, so your ' +
      'song holds up next to the records you love, on a phone, in a car or on the radio.',
    'We believe great sound should be within reach of independent artists, which is why new clients can have their first song ' +
      'mixed and mastered at an introductory price. Hear the difference for yourself, then decide.',
  ].join('\n\n'),
  stats: [
    { value: '{{studio.experience}}', label: 'Years Experience' },
    { value: '100+', label: 'Albums Mastered' },
    { value: 'Radio', label: 'Quality Standards' },
  ],
  credits: [],
  valuesEyebrow: 'How we work',
  valuesTitle: 'What We Stand For',
  values: [
    {
      title: 'Your vision first',
      text: 'We serve the song and the artist: our job is to make your music sound like the best version of itself.',
    },
    { title: 'Honest feedback', text: 'If something in the recording holds the song back, we tell you, and we suggest how to fix it.' },
    { title: 'Craft and consistency', text: 'Every master is checked on several playback systems before it leaves the studio.' },
  ],
  ctaTitle: "Let's Work Together",
  ctaText: 'Hear what we do, then tell us about your music.',
};

export const DEFAULT_TESTIMONIALS: Testimonials = { testimonials: [] };

export const DEFAULT_FAQ: Faq = {
  faq: [
    {
      question: 'How long does a project take?',
      answer:
        'The first version of your song arrives within {{packages.turnaround}} of receiving complete files, depending on your ' +
        'package. Several songs or many tracks take longer: we confirm the timing for your project during the consultation.',
    },
    {
      question: 'What files should I send?',
      answer:
        'WAV or AIFF files at 24-bit/48kHz or better, with every track starting at the same point, peaks no higher than -6dB and ' +
        'dry vocals on their own tracks. MP3 works only if no source files exist, at 320kbps minimum.',
    },
    {
      question: 'Do you work with artists outside {{studio.city}}?',
      answer:
        'Yes. We are based in {{studio.location}}, and work with artists all over the world: you send your files online, we send back ' +
        'your mix and master, and we talk whenever you need to.',
    },
    {
      question: 'How do revisions work?',
      answer:
        'After the first version you listen and send us your notes. We refine the mix within the revision rounds your package ' +
        'includes, as listed with each package.',
    },
  ],
};

export const DEFAULT_POLICIES: Policies = {
  privacy: { effectiveDate: '2025-01-01', body: DEFAULT_PRIVACY_POLICY },
  terms: { effectiveDate: '2025-01-01', body: DEFAULT_TERMS },
};

export const DEFAULT_HERO: Hero = {
  serviceLine: '',
  headline: 'Professional Mixing & Mastering',
  description:
    'Radio-ready sound for artists everywhere. We mix and master your songs in {{studio.city}} with {{studio.experience}} years ' +
    'of experience, and we work with you until your music sounds the way you hear it.',
  image: null,
};

/** The warm amber of the original design. */
export const DEFAULT_BRAND: Brand = { accentColor: '#f5b83d', logo: null, favicon: null };

/**
 * Billing as a new studio starts: invoices numbered from the studio's initials, in US dollars, half
 * before work starts and half before the masters are released, two weeks to pay. No payment
 * instructions are invented: until the owner writes them, clients pay by card.
 */
export const DEFAULT_AGREEMENT: Agreement = { effectiveDate: '2026-12-03', body: DEFAULT_AGREEMENT_BODY };

export const DEFAULT_BILLING: Billing = {
  invoicePrefix: 'ATL',
  currency: 'USD',
  depositPercent: 50,
  paymentTermsDays: 14,
  reminderDaysBefore: 3,
  lockDeliveries: true,
  paymentInstructions: '',
};
