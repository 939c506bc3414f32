import type { FieldErrors } from '#common/validation.ts';
import { carryFormerSlugs, unknownPackageErrors } from '#common/site-content/service-rules.ts';
import type { Services } from '#common/site-content/services.ts';
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
  return section === 'services' ? (carryFormerSlugs(data as Services, previous as Services) as SiteContent[S]) : data;
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
