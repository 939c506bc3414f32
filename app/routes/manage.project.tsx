import type { Route } from './+types/manage.project.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/projects/:id, where the studio's e-mails point: the dashboard of routes/manage.tsx with
 * this project's page open (it reads the id from the address and loads the project itself).
 * Guard, shell and policy come from the admin layout, as for /manage/projects.
 */
export const meta: Route.MetaFunction = (args) => seo(args, { title: 'Project · Admin', description: 'A studio project.', noindex: true });

export default function ManageProject() {
  return null;
}
