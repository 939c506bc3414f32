import { aboutSchema, type About } from './about.ts';
import { announcementSchema, DEFAULT_ANNOUNCEMENT, type Announcement, type ShownAnnouncement } from './announcement.ts';
import { agreementSchema, type Agreement } from './agreement.ts';
import { billingSchema, type Billing } from './billing.ts';
import { brandSchema, type Brand } from './brand.ts';
import {
  DEFAULT_ABOUT,
  DEFAULT_AGREEMENT,
  DEFAULT_BILLING,
  DEFAULT_BRAND,
  DEFAULT_FAQ,
  DEFAULT_HERO,
  DEFAULT_POLICIES,
  DEFAULT_PACKAGES,
  DEFAULT_STUDIO,
  DEFAULT_TESTIMONIALS,
} from './defaults.ts';
import { DEFAULT_HOME, DEFAULT_PROCESS } from './default-process.ts';
import { faqSchema, type Faq } from './faq.ts';
import { DEFAULT_NAVIGATION } from './default-navigation.ts';
import { navigationSchema, type Navigation } from './navigation.ts';
import type { MenuLink } from './navigation-links.ts';
import { heroSchema, type Hero } from './hero.ts';
import { homeSchema, type Home } from './home.ts';
import { pagesSchema, type Pages } from './pages.ts';
import { policiesSchema, type Policies } from './policies.ts';
import { packagesSchema, type Packages } from './packages.ts';
import { processSchema, type Process } from './process.ts';
import { studioSchema, type Studio } from './studio.ts';
import { testimonialsSchema, type Testimonials } from './testimonials.ts';
import { DEFAULT_SERVICES } from './default-services.ts';
import { servicesSchema, type Services } from './services.ts';
import { newsletterSchema, DEFAULT_NEWSLETTER, type Newsletter } from './newsletter.ts';
import type { FieldErrors } from '#common/validation.ts';
import { z } from '#common/zod.ts';

/**
 * The owner's site content: one versioned document per section. This module is the contract the
 * editor, the API, the service and the pages share: which sections exist, their schemas, their
 * defaults, and the shapes the API answers with.
 */
export const SITE_SECTIONS = [
  'studio',
  'packages',
  'about',
  'testimonials',
  'faq',
  'policies',
  'hero',
  'brand',
  'process',
  'home',
  'services',
  'billing',
  'agreement',
  'announcement',
  'newsletter',
  'navigation',
  'pages',
] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number];

export interface SiteContent {
  studio: Studio;
  packages: Packages;
  about: About;
  testimonials: Testimonials;
  faq: Faq;
  policies: Policies;
  hero: Hero;
  brand: Brand;
  process: Process;
  home: Home;
  services: Services;
  billing: Billing;
  agreement: Agreement;
  announcement: Announcement;
  newsletter: Newsletter;
  navigation: Navigation;
  pages: Pages;
}

export const SECTION_SCHEMAS = {
  studio: studioSchema,
  packages: packagesSchema,
  about: aboutSchema,
  testimonials: testimonialsSchema,
  faq: faqSchema,
  policies: policiesSchema,
  hero: heroSchema,
  brand: brandSchema,
  process: processSchema,
  home: homeSchema,
  services: servicesSchema,
  billing: billingSchema,
  agreement: agreementSchema,
  announcement: announcementSchema,
  newsletter: newsletterSchema,
  navigation: navigationSchema,
  pages: pagesSchema,
} as const satisfies { [S in SiteSection]: z.ZodType<SiteContent[S]> };

/** A fresh copy each call, so no caller can change the defaults of another. */
export function defaultSiteContent(): SiteContent {
  return structuredClone({
    studio: DEFAULT_STUDIO,
    packages: DEFAULT_PACKAGES,
    about: DEFAULT_ABOUT,
    testimonials: DEFAULT_TESTIMONIALS,
    faq: DEFAULT_FAQ,
    policies: DEFAULT_POLICIES,
    hero: DEFAULT_HERO,
    brand: DEFAULT_BRAND,
    process: DEFAULT_PROCESS,
    home: DEFAULT_HOME,
    services: DEFAULT_SERVICES,
    billing: DEFAULT_BILLING,
    agreement: DEFAULT_AGREEMENT,
    announcement: DEFAULT_ANNOUNCEMENT,
    newsletter: DEFAULT_NEWSLETTER,
    navigation: DEFAULT_NAVIGATION,
    // The owner's own pages: none until they add one.
    pages: { pages: [] },
  });
}

export function isSiteSection(value: string): value is SiteSection {
  return (SITE_SECTIONS as readonly string[]).includes(value);
}

/**
 * Each section as stored: its fields plus `version` (0 = never saved: the defaults) and `updatedAt`
 * (ISO time, null for the defaults). What `GET /api/admin/site` answers per section.
 */
export type StoredSection<S extends SiteSection> = SiteContent[S] & { version: number; updatedAt: string | null };
export type StoredSiteContent = { [S in SiteSection]: StoredSection<S> };

/** A stored section's own fields, without its version and save time. */
export function sectionFields<S extends SiteSection>(stored: StoredSection<S>): SiteContent[S] {
  const { version: _version, updatedAt: _updatedAt, ...fields } = stored;
  return fields as unknown as SiteContent[S];
}

const versionSchema = z.strictObject({
  version: z.number({ error: 'version must be a number' }).int('version must be a whole number').min(0).max(2_147_483_647),
  updatedAt: z.string().max(40).nullable().optional(),
});

export type SectionInput<S extends SiteSection> =
  { success: true; data: SiteContent[S]; version: number } | { success: false; message: string; errors: FieldErrors };

/**
 * What `PUT /api/admin/site/{section}` takes: the whole section and the `version` it was edited
 * from (a newer one stored means another tab saved first: 409). `updatedAt` may be sent back as
 * it was read and is ignored, so a script can GET, change one field and PUT. Unknown fields are
 * refused, with every problem keyed by its full path.
 */
export function parseSectionInput<S extends SiteSection>(section: S, input: unknown): SectionInput<S> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, message: 'The section must be a JSON object', errors: { body: ['The section must be a JSON object'] } };
  }
  const { version, updatedAt, ...fields } = input as Record<string, unknown>;
  const meta = versionSchema.safeParse({ version, updatedAt });
  const content = (SECTION_SCHEMAS[section] as unknown as z.ZodType<SiteContent[S]>).safeParse(fields);
  if (meta.success && content.success) return { success: true, data: content.data, version: meta.data.version };
  const errors = { ...(content.success ? {} : fieldErrorsByPath(content.error)), ...(meta.success ? {} : fieldErrorsByPath(meta.error)) };
  return { success: false, message: 'Please correct the highlighted fields', errors };
}

/** One entry of `GET /api/admin/site/{section}/versions`, newest first. */
export interface SectionVersionSummary {
  version: number;
  updatedAt: string;
  /** The admin's username (or display name) at the time; null when the account is gone. */
  updatedBy: string | null;
}

/** 400 answers of the site API key their messages by the full field path: "hours.days.0.closes". */
export function fieldErrorsByPath(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** The public slice every page needs (header, footer, meta, structured data): small enough for every document. */
export interface SiteEssentials {
  studio: Studio;
  packages: Packages;
  brand: Brand;
  /** The visible services, for the nav and the footer: only what they link. */
  services: Array<{ slug: string; name: string }>;
  /** The one wording of the hours, made on the server (formatOpeningHours). */
  hoursText: string;
  /** The announcement bar as it is at the render (issue 44), or null. */
  announcement: ShownAnnouncement | null;
  /** The footer's sign-up, when the owner turned it on. */
  newsletter: Omit<Newsletter, 'enabled'> | null;
  /** The header's and footer's menus with their targets made links (navigation-links.ts). */
  menus: { header: MenuLink[]; footer: MenuLink[] };
}
