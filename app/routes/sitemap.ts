import type { Route } from './+types/sitemap';
import { PUBLIC_PAGES } from '#app/content/navigation.ts';

export function loader({ context }: Route.LoaderArgs) {
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${context.publicUrl}${page}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
