import type { FieldErrors } from '#common/validation.ts';
import { carryFormerSlugs, unknownPackageErrors } from '#common/site-content/service-rules.ts';
import type { Services } from '#common/site-content/services.ts';
import { carryFormerPageSlugs } from '#common/site-content/page-slugs.ts';
import type { Pages } from '#common/site-content/pages.ts';
import type { SiteContent, SiteSection, StoredSiteContent } from '#common/site-content/sections.ts';

/*
 * Rules of a save that reach past the section's own schema: what it refers to in another section,
 * and what the server fills in from the version it replaces. Only the services section has any.
 */

/** Field errors for references to another section that does not hold them (a service's package keys). */
export function crossSectionErrors<S extends SiteSection>(section: S, data: SiteContent[S], content: SiteContent): FieldErrors | null {
  return section === 'services' ? unknownPackageErrors(data as Services, content.packages) : null;
}

/** The section as it is stored on top of `previous`: a renamed service keeps its old address. */
export function completeOnSave<S extends SiteSection>(section: S, data: SiteContent[S], previous: SiteContent[S]): SiteContent[S] {
  if (section === 'pages') {
    const pages = carryFormerPageSlugs((data as Pages).pages, (previous as Pages).pages);
    return { ...(data as Pages), pages } as SiteContent[S];
  }
  return section === 'services' ? (carryFormerSlugs(data as Services, previous as Services) as SiteContent[S]) : data;
}

/**
 * Fields a section gained after callers had learned its shape (issue 44: the last words in code
 * became content). A whole-section PUT written before them still saves: each missing one keeps the
 * value it has now, so an older tool changes what it sends and nothing else.
 */
const FIELDS_ADDED_LATER: Partial<Record<SiteSection, readonly string[]>> = {
  about: ['valuesEyebrow', 'valuesTitle', 'values', 'ctaTitle', 'ctaText'],
  studio: ['serviceArea', 'reach'],
  home: ['samplesPage'],
  hero: ['serviceLine'],
  services: ['ctaTitle'],
};

export function withFieldsAddedLater<S extends SiteSection>(section: S, input: unknown, current: SiteContent[S]): unknown {
  const later = FIELDS_ADDED_LATER[section];
  if (!later || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const missing = later.filter((field) => !(field in input));
  if (missing.length === 0) return input;
  const kept = current as Record<string, unknown>;
  return { ...Object.fromEntries(missing.map((field) => [field, kept[field]])), ...input };
}

/**
 * Vocal production's price lived with the packages before services were content (decision 073).
 * Until the owner saves the services, the shipped vocal production service says the price they
 * had saved there, so the upgrade changes no price a visitor reads.
 */
export function withSavedVocalPrice(content: StoredSiteContent): StoredSiteContent {
  const saved = content.packages.vocalProductionFrom;
  if (content.services.version > 0 || saved === undefined) return content;
  const services = content.services.services.map((service) =>
    service.id === 'vocal-production' && typeof service.priceFrom === 'number' ? { ...service, priceFrom: saved } : service,
  );
  return { ...content, services: { ...content.services, services } };
}
