import type { Route } from './+types/manage.projects.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/projects: the dashboard of routes/manage.tsx with the Projects tab open. The shell reads
 * the address itself (the dashboard's tabs stay mounted), so this route only names the page.
 * Its guard, shell and policy (`private, no-store`) are the admin layout's (routes/admin-layout.tsx).
 */
export const meta: Route.MetaFunction = (args) => seo(args, { title: 'Projects · Admin', description: 'Studio projects.', noindex: true });

export default function ManageProjects() {
  return null;
}
