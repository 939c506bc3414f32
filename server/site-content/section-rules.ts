import type { FieldErrors } from '#common/validation.ts';
import { carryFormerSlugs, unknownPackageErrors } from '#common/site-content/service-rules.ts';
import type { Services } from '#common/site-content/services.ts';
import type { SiteContent, SiteSection } from '#common/site-content/sections.ts';

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
