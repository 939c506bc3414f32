import { dollars, line, paragraphs } from './fields.ts';
import { turnaroundSchema, upgradeTurnaroundHours } from './turnaround.ts';
import { z } from '#common/zod.ts';

/**
 * The studio's packages: the one record of each package's name, price, what it includes, its
 * revision rounds and its turnaround. The home cards, the services pages, the contact page, the
 * project form and the review room's revision counting all read these records (decision 070).
 */
export const revisionsSchema = z.union([
  z
    .number({ error: 'Revisions must be a number or "unlimited"' })
    .int('Revisions must be a whole number')
    .min(0, 'Revisions must not be negative')
    .max(20, 'At most 20 revisions'),
  z.literal('unlimited'),
]);
export type Revisions = z.infer<typeof revisionsSchema>;

/** A package's key: what projects store (`packageKey`) and what the pages use as its anchor. "custom" is a project's own deal. */
export const PACKAGE_KEY_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
export const CUSTOM_PACKAGE_KEY = 'custom';
export const MAX_PACKAGES = 8;

/** The most extras a package offers a visitor who starts a project from the site (decision 115). */
export const MAX_PACKAGE_EXTRAS = 6;

/**
 * What an extra is called in a request (`extras: ["add-stems"]`): its label in lowercase words and
 * dashes, so the owner names an extra once and the two sides agree on it.
 */
export const packageExtraKey = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** An extra a visitor may add to the package on the start page: a flat price per project, in whole dollars. */
export const packageExtraSchema = z.strictObject({
  label: line('Extra', 80).refine((label) => packageExtraKey(label) !== '', 'An extra needs a word or a number in its name'),
  price: dollars('Extra price'),
});
export type PackageExtra = z.infer<typeof packageExtraSchema>;

export const packageKeySchema = z
  .string({ error: 'Key is required' })
  .trim()
  .max(40, 'Key must be at most 40 characters')
  .regex(PACKAGE_KEY_PATTERN, 'Key must be lowercase letters, digits and dashes, like "standard"');

const packageFields = z
  .strictObject({
    key: packageKeySchema.refine((key) => key !== CUSTOM_PACKAGE_KEY, '"custom" is kept for projects sold outside the packages'),
    name: line('Name', 60),
    price: dollars('Price'),
    /** Shown struck through beside the price with the saving; set only when it is above the price. */
    regularPrice: dollars('Regular price').nullable(),
    /** Under the price: "per song". */
    priceNote: line('Price note', 80, { min: 0 }),
    description: paragraphs('Description', 400),
    /** What the card lists besides its revisions and turnaround, which are facts of their own. */
    included: z.array(line('Included item', 120)).max(12, 'At most 12 included items'),
    revisions: revisionsSchema,
    /** From complete files to the first version of one song, as the owner writes it (turnaround.ts). */
    turnaround: turnaroundSchema,
    popular: z.boolean({ error: 'Popular must be true or false' }),
    /**
     * A visitor may sign and pay the deposit at once from the start page, without waiting for the
     * owner's proposal (decision 115). Off unless the owner turns it on; versions saved before read off.
     */
    instantBooking: z.boolean({ error: 'Instant booking must be on or off' }).default(false),
    /** The extras the start page offers with this package; none in versions saved before. */
    extras: z.array(packageExtraSchema).max(MAX_PACKAGE_EXTRAS, `At most ${MAX_PACKAGE_EXTRAS} extras`).default([]),
  })
  .refine((pkg) => pkg.regularPrice === null || pkg.regularPrice > pkg.price, {
    error: 'The regular price must be above the price (or left empty)',
    path: ['regularPrice'],
  })
  .refine((pkg) => new Set(pkg.extras.map((extra) => packageExtraKey(extra.label))).size === pkg.extras.length, {
    error: 'Two extras cannot share a name',
    path: ['extras'],
  });

/** A package record; one stored before turnarounds had a unit (`turnaroundHours`) reads in the new shape (decision 109). */
export const packageSchema = z.preprocess(upgradeTurnaroundHours, packageFields);
export type Package = z.infer<typeof packageSchema>;

export const packagesSchema = z
  .strictObject({
    packages: z.array(packageSchema).min(1, 'Keep at least one package').max(MAX_PACKAGES, `At most ${MAX_PACKAGES} packages`),
    /**
     * No longer read: vocal production's price is its service's now (decision 073). Kept optional so
     * versions saved before still read, and dropped from the editor.
     */
    vocalProductionFrom: dollars('Vocal production price').optional(),
  })
  .superRefine(({ packages }, context) => {
    const seen = new Set<string>();
    packages.forEach((pkg, index) => {
      if (seen.has(pkg.key))
        context.addIssue({ code: 'custom', message: 'Two packages cannot share a key', path: ['packages', index, 'key'] });
      seen.add(pkg.key);
    });
  });
export type Packages = z.infer<typeof packagesSchema>;
