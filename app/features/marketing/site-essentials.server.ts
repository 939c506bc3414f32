import { fillTextTokens } from '#common/site-content/content-tokens.ts';
import { formatOpeningHours } from '#common/site-content/format.ts';
import type { SiteContent, SiteEssentials } from '#common/site-content/sections.ts';
import { menuLinks } from '#common/site-content/navigation-links.ts';
import { tokenFactsOf, visibleServices } from '#common/site-content/service-rules.ts';

/** The slice of the content every document carries; the hours are worded here, on the server, once. */
export function siteEssentials(content: SiteContent): SiteEssentials {
  const { studio, packages } = content;
  // The tagline may name the studio's facts through tokens, filled here like every owner text.
  const facts = tokenFactsOf(content);
  const tagline = fillTextTokens(studio.tagline, facts);
  // Only what the nav and footer link: the pages take the rest from their own loaders.
  const services = visibleServices(content.services).map(({ slug, name }) => ({ slug, name: fillTextTokens(name, facts) }));
  const fill = (text: string) => fillTextTokens(text, facts);
  const menus = {
    header: menuLinks(content.navigation.header, services, fill),
    footer: menuLinks(content.navigation.footer, services, fill),
  };
  return { studio: { ...studio, tagline }, packages, brand: content.brand, services, hoursText: formatOpeningHours(studio.hours), menus };
}
