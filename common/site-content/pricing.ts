import { dollars, line, paragraphs } from './fields.ts';
import { z } from '#common/zod.ts';

/**
 * Prices and packages. The home page shows three packages; /services/mixing-mastering shows two of
 * them in its own words and, where the brief gave that page another reading (Premium $150 against
 * $350, 3 revisions against 2), its own value: `null` there means "the same as the package", and
 * `pricingDisagreements` lists where the pages still differ so the owner can settle it.
 * The intro package is the new-client special: its price lives in `newClientSpecial` only.
 */
export const revisionsSchema = z.union([
  z
    .number({ error: 'Revisions must be a number or "unlimited"' })
    .int()
    .min(0, 'Revisions must not be negative')
    .max(20, 'At most 20 revisions'),
  z.literal('unlimited'),
]);
export type Revisions = z.infer<typeof revisionsSchema>;

const features = z.array(line('Feature', 120)).max(12, 'At most 12 features');

const packageText = {
  title: line('Title', 60),
  /** Under the price: "per song". */
  priceNote: line('Price note', 80, { min: 0 }),
  description: paragraphs('Description', 400),
  /** What the card lists besides its revisions and turnaround, which are facts of their own. */
  features,
  revisions: revisionsSchema,
  turnaroundHours: z.number({ error: 'Turnaround must be a number of hours' }).int().min(1).max(2160).nullable(),
  popular: z.boolean(),
};

export const pricedPackageSchema = z.strictObject({
  ...packageText,
  price: dollars('Price'),
  regularPrice: dollars('Regular price').nullable(),
});
export const introPackageSchema = z.strictObject(packageText);

/** A package as /services/mixing-mastering words it; null values follow the package. */
export const mixingPagePackageSchema = z.strictObject({
  description: paragraphs('Description', 400),
  features,
  price: dollars('Price').nullable(),
  revisions: revisionsSchema.nullable(),
});

export const pricingSchema = z
  .strictObject({
    newClientSpecial: z.strictObject({ enabled: z.boolean(), price: dollars('Special price'), regularPrice: dollars('Regular price') }),
    intro: introPackageSchema,
    standard: pricedPackageSchema,
    premium: pricedPackageSchema,
    mixingPage: z.strictObject({ intro: mixingPagePackageSchema, premium: mixingPagePackageSchema }),
    vocalProductionFrom: dollars('Vocal production price'),
  })
  .refine((pricing) => pricing.newClientSpecial.price <= pricing.newClientSpecial.regularPrice, {
    error: 'The special price must not be above the regular price',
    path: ['newClientSpecial', 'price'],
  });

export type Pricing = z.infer<typeof pricingSchema>;
export type PricedPackage = z.infer<typeof pricedPackageSchema>;
export type IntroPackage = z.infer<typeof introPackageSchema>;

export interface PricingDisagreement {
  /** Which fact: "premium.price", "intro.revisions". */
  fact: 'premium.price' | 'intro.price' | 'intro.revisions' | 'premium.revisions';
  label: string;
  home: number | 'unlimited';
  mixingPage: number | 'unlimited';
}

/** Where the home page and /services/mixing-mastering still say different things. */
export function pricingDisagreements(pricing: Pricing): PricingDisagreement[] {
  const found: PricingDisagreement[] = [];
  const check = (fact: PricingDisagreement['fact'], label: string, home: number | 'unlimited', own: number | 'unlimited' | null) => {
    if (own !== null && own !== home) found.push({ fact, label, home, mixingPage: own });
  };
  check('intro.price', 'Intro Special price', pricing.newClientSpecial.price, pricing.mixingPage.intro.price);
  check('intro.revisions', 'Intro Special revisions', pricing.intro.revisions, pricing.mixingPage.intro.revisions);
  check('premium.price', 'Premium price', pricing.premium.price, pricing.mixingPage.premium.price);
  check('premium.revisions', 'Premium revisions', pricing.premium.revisions, pricing.mixingPage.premium.revisions);
  return found;
}
