import { dollars, line, paragraphs } from './fields.ts';
import { packageKeySchema } from './packages.ts';
import { z } from '#common/zod.ts';

/**
 * The services the studio sells, each with a page of its own at `/services/{slug}` (decision 073).
 * The nav, the footer, the services page, the contact page's glance and the sitemap list the
 * visible ones, in this order. Texts may name studio facts through content tokens.
 */

/** "mixing-mastering": lowercase words joined by single dashes. */
export const SERVICE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SERVICES = 12;

/** The icons a service may show, drawn from lucide (app/features/marketing/service-icon.tsx). */
export const SERVICE_ICONS = [
  'sliders-horizontal',
  'mic-vocal',
  'audio-waveform',
  'headphones',
  'disc',
  'layers',
  'wand-sparkles',
  'music',
  'radio',
  'speaker',
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export const serviceSlugSchema = z
  .string({ error: 'Address is required' })
  .trim()
  .min(1, 'Address is required')
  .max(60, 'Address must be at most 60 characters')
  .regex(SERVICE_SLUG_PATTERN, 'Address must be lowercase words joined by dashes, like "stem-mastering"');

/** A titled card of a grid, or one numbered step. */
export const serviceItemSchema = z.strictObject({
  title: line('Title', 80),
  text: paragraphs('Text', 400),
});
export type ServiceItem = z.infer<typeof serviceItemSchema>;

/** One section of a service's page: a heading, Markdown, and optionally cards or numbered steps. */
export const servicePageSectionSchema = z.strictObject({
  /** The small line above the heading ("What we do"); may be empty. */
  eyebrow: line('Eyebrow', 60, { min: 0 }),
  title: line('Heading', 100),
  /** Markdown under the heading; may be empty. */
  body: paragraphs('Text', 5000, { min: 0 }),
  items: z.array(serviceItemSchema).max(12, 'At most 12 items'),
  /** How the items show: a grid of cards, or numbered steps. */
  itemsAs: z.enum(['grid', 'steps'], { error: 'Choose cards or numbered steps' }),
});
export type ServicePageSection = z.infer<typeof servicePageSectionSchema>;

/**
 * The price a service says "from": a number the owner types, or "packages": the lowest price of
 * the packages its page shows (fromPrice), so it never disagrees with them.
 */
export const servicePriceSchema = z.union([dollars('Price'), z.literal('packages')], {
  error: 'Price must be a whole number of dollars or "packages"',
});
export type ServicePrice = z.infer<typeof servicePriceSchema>;

/** A stable name of the service across renames, made by the editor (or the server when missing); never shown. */
const serviceIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, 'Id must be lowercase letters, digits and dashes');

export const serviceSchema = z
  .strictObject({
    id: serviceIdSchema.optional(),
    slug: serviceSlugSchema,
    /** Addresses the service had before a rename; each answers 301 to today's. Filled on save, never typed. */
    formerSlugs: z.array(serviceSlugSchema).max(20, 'At most 20 former addresses').default([]),
    name: line('Name', 60),
    /** A line or two for the services page, its card and the contact page's glance. */
    summary: paragraphs('Summary', 300),
    priceFrom: servicePriceSchema,
    icon: z.enum(SERVICE_ICONS, { error: 'Choose one of the icons' }),
    visible: z.boolean({ error: 'Shown must be true or false' }),
    /** Short points on the services page's card. */
    points: z.array(line('Point', 80)).max(8, 'At most 8 points'),
    /** What search engines may read as the page's keywords; tokens allowed ("{{studio.city}} vocal producer"). */
    keywords: z.array(line('Keyword', 60)).max(12, 'At most 12 keywords'),
    page: z.strictObject({
      /** The line under the page's title. */
      intro: paragraphs('Intro', 400),
      sections: z.array(servicePageSectionSchema).max(10, 'At most 10 sections'),
      /** Keys of the packages the page shows, in this order (the `packages` section's keys). */
      packages: z.array(packageKeySchema).max(8, 'At most 8 packages'),
      packagesTitle: line('Packages heading', 80),
      cta: z.strictObject({
        title: line('Call to action heading', 100),
        text: paragraphs('Call to action text', 400),
        button: line('Button label', 40),
      }),
    }),
  })
  .transform(({ id, ...service }) => ({ id: id ?? freshServiceId(), ...service }))
  .superRefine((service, context) => {
    if (service.priceFrom === 'packages' && service.page.packages.length === 0)
      context.addIssue({ code: 'custom', message: 'Pick at least one package, or type a price', path: ['priceFrom'] });
    const seen = new Set<string>();
    service.page.packages.forEach((key, index) => {
      if (seen.has(key)) context.addIssue({ code: 'custom', message: 'This package is listed twice', path: ['page', 'packages', index] });
      seen.add(key);
    });
  });
export type Service = z.infer<typeof serviceSchema>;

export const servicesSchema = z
  .strictObject({
    /** The services page's opening line. */
    intro: paragraphs('Intro', 400),
    services: z.array(serviceSchema).max(MAX_SERVICES, `At most ${MAX_SERVICES} services`),
    /** The services page's "Why choose us" cards. */
    whyChooseUs: z.array(serviceItemSchema).max(8, 'At most 8 reasons'),
    /** The heading of the services page's closing band. */
    ctaTitle: line('Closing heading', 80),
  })
  .superRefine(({ services }, context) => {
    const slugs = new Set<string>();
    const ids = new Set<string>();
    services.forEach((service, index) => {
      if (slugs.has(service.slug))
        context.addIssue({ code: 'custom', message: 'Two services cannot share an address', path: ['services', index, 'slug'] });
      if (ids.has(service.id))
        context.addIssue({ code: 'custom', message: 'Two services cannot share an id', path: ['services', index, 'id'] });
      slugs.add(service.slug);
      ids.add(service.id);
    });
  });
export type Services = z.infer<typeof servicesSchema>;

/** A new service's id: random, so a slug given up by one service never names another. */
export function freshServiceId(): string {
  return `s-${Math.random().toString(36).slice(2, 10)}`;
}

/** `/services/mixing-mastering`. */
export const servicePath = (slug: string) => `/services/${slug}`;

/** The address a new service's name suggests: "Stem Mastering & Mixing" is "stem-mastering-and-mixing". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}
