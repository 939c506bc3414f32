import type { Route } from './+types/sitemap.ts';
import { sitemapXml } from '#app/features/marketing/sitemap.ts';
import { SITE_SECTIONS } from '#common/site-content/sections.ts';
import { visibleServices } from '#common/site-content/service-rules.ts';
import { servicePath } from '#common/site-content/services.ts';
import { pagePath } from '#common/site-content/page-slugs.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const stored = await fromContext(context).services.site.siteContent.read();
  const updatedAt = Object.fromEntries(SITE_SECTIONS.map((section) => [section, stored[section].updatedAt]));
  const servicePaths = visibleServices(stored.services).map((service) => servicePath(service.slug));
  // The owner's own pages (decision 119): the shown ones search engines may list.
  const ownPages = stored.pages.pages.filter((page) => page.visible && !page.seo.noindex).map((page) => pagePath(page.slug));
  return new Response(sitemapXml(fromContext(context).publicUrl, updatedAt, servicePaths, ownPages), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
