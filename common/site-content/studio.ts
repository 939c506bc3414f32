import { line, webUrl } from './fields.ts';
import { openingHoursSchema } from './opening-hours.ts';
import { safeText } from '#common/text.ts';
import { z } from '#common/zod.ts';

/** A profile elsewhere: Instagram, YouTube, SoundCloud, Spotify, TikTok, X, Facebook, Bandcamp or any https page. */
export const socialLinkSchema = z.strictObject({
  label: line('Label', 40),
  url: webUrl('Profile address', { httpsOnly: true }),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const studioSchema = z.strictObject({
  name: line('Studio name', 80),
  /** What the phone header shows where the full name does not fit. */
  shortName: line('Short name', 24),
  tagline: line('Tagline', 200),
  /** Where the studio works for, as the contact page's "Service Area" says it. */
  serviceArea: line('Service area', 80),
  /** After the city in the footer and on share images: "Atlanta, GA · serving artists worldwide". */
  reach: line('Reach', 80, { min: 0 }),
  email: safeText(z.string({ error: 'E-mail is required' }), 'E-mail')
    .trim()
    .pipe(z.email('E-mail must be an e-mail address').max(254)),
  /** Optional: shown (and called from phones) only when set. */
  phone: safeText(z.string(), 'Phone')
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .regex(/^(\+?[\d\s().-]{6,})?$/, 'Phone must be a phone number like +1 404 555 0100'),
  location: z.strictObject({
    city: line('City', 80),
    /** As it is written in an address: "GA". */
    region: line('Region', 80),
    /** Two letters: US, GB, DE... */
    country: z
      .string({ error: 'Country is required' })
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code like US')
      .transform((value) => value.toUpperCase()),
  }),
  /** Optional: the street line of the address, for search engines and the contact page. */
  streetAddress: line('Street address', 120, { min: 0 }),
  postalCode: safeText(z.string({ error: 'Postal code must be text' }), 'Postal code')
    .trim()
    .max(12, 'Postal code must be at most 12 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Postal code must be letters, digits, spaces or dashes, like 30030'),
  /** Years behind the console: what `{{studio.experience}}` says ("17+"). */
  experienceYears: z
    .number({ error: 'Years of experience must be a number' })
    .int('Years of experience must be a whole number')
    .min(0, 'Years of experience must not be negative')
    .max(99, 'Years of experience must be at most 99'),
  hours: openingHoursSchema,
  /** The reply promise: "we reply within N hours". */
  responseHours: z
    .number({ error: 'Reply time must be a number' })
    .int('Reply time must be whole hours')
    .min(1, 'Reply time must be at least 1 hour')
    .max(336, 'Reply time must be at most 336 hours'),
  social: z.array(socialLinkSchema).max(12, 'At most 12 profiles'),
});

export type Studio = z.infer<typeof studioSchema>;
