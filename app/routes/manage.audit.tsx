import type { Route } from './+types/manage.audit.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/audit: the dashboard of routes/manage.tsx with the Audit log tab open (who did what). As
 * for /manage/staff, the dashboard reads the address and this route only names the page.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Audit log · Admin', description: 'Who did what in the admin.', noindex: true });

export default function ManageAudit() {
  return null;
}
