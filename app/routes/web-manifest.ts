import type { Route } from './+types/web-manifest.ts';
import { siteEssentials } from '#app/features/marketing/site-essentials.server.ts';
import { webManifest } from '#app/features/marketing/web-manifest.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/** /site.webmanifest, named after the studio as the owner set it. */
export async function loader({ context }: Route.LoaderArgs) {
  // The essentials carry the tagline with its tokens filled in.
  const { studio, brand } = siteEssentials(await fromContext(context).services.site.siteContent.current());
  return new Response(JSON.stringify(webManifest(studio, brand.favicon)), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
