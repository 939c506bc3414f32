import type { Route } from './+types/robots.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /manage',
    'Disallow: /api/',
    '',
    `Sitemap: ${fromContext(context).publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
