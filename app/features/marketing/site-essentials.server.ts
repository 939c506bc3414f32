import { shownAnnouncement } from '#common/site-content/announcement.ts';
import { fillTextTokens } from '#common/site-content/content-tokens.ts';
import { formatOpeningHours } from '#common/site-content/format.ts';
import type { SiteContent, SiteEssentials } from '#common/site-content/sections.ts';
import { menuLinks } from '#common/site-content/navigation-links.ts';
import { tokenFactsOf, visibleServices } from '#common/site-content/service-rules.ts';

/** The slice of the content every document carries; the hours are worded here, on the server, once. */
export function siteEssentials(content: SiteContent, now = Date.now()): SiteEssentials {
  const { studio, packages } = content;
  // The tagline may name the studio's facts through tokens, filled here like every owner text.
  const facts = tokenFactsOf(content);
  const tagline = fillTextTokens(studio.tagline, facts);
  // Only what the nav and footer link: the pages take the rest from their own loaders.
  const services = visibleServices(content.services).map(({ slug, name }) => ({ slug, name: fillTextTokens(name, facts) }));
  // The bar as it is now: a stored page carrying it lives only until its next first or last day (server/http/pages.ts).
  const announcement = shownAnnouncement(content.announcement, studio.hours.timeZone, now);
  const { enabled, ...newsletter } = content.newsletter;
  const fill = (text: string) => fillTextTokens(text, facts);
  const menus = {
    header: menuLinks(content.navigation.header, services, fill),
    footer: menuLinks(content.navigation.footer, services, fill),
  };
  return {
    studio: { ...studio, tagline },
    packages,
    brand: content.brand,
    services,
    hoursText: formatOpeningHours(studio.hours),
    menus,
    announcement: announcement && { ...announcement, text: fill(announcement.text) },
    newsletter: enabled ? newsletter : null,
  };
}
