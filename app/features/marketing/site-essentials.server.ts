import { formatOpeningHours } from '#common/site-content/opening-hours.ts';
import type { SiteContent, SiteEssentials } from '#common/site-content/sections.ts';

/** The slice of the content every document carries; the hours are worded here, on the server, once. */
export function siteEssentials(content: SiteContent): SiteEssentials {
  return { studio: content.studio, packages: content.packages, hoursText: formatOpeningHours(content.studio.hours) };
}
