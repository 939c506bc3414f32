import type { Route } from './+types/manage.projects';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/projects: the admin shell of routes/manage.tsx with the Projects tab open. The shell reads
 * the address itself (the dashboard's tabs stay mounted), so this route only names the page.
 */
export const meta: Route.MetaFunction = (args) => seo(args, { title: 'Projects · Admin', description: 'Studio projects.', noindex: true });

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function ManageProjects() {
  return null;
}
