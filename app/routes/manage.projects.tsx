import type { Route } from './+types/manage.projects.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/projects: the admin shell of routes/manage.tsx with the Projects tab open. The shell reads
 * the address itself (the dashboard's tabs stay mounted), so this route only names the page.
 * Its Cache-Control (`private, no-store`) is the parent's: React Router takes a route's headers from its parent
 * when it has none of its own (exporting them again would send the value twice).
 */
export const meta: Route.MetaFunction = (args) => seo(args, { title: 'Projects · Admin', description: 'Studio projects.', noindex: true });

export default function ManageProjects() {
  return null;
}
