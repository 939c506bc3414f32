import type { Route } from './+types/manage.staff.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/staff: the dashboard of routes/manage.tsx with the Staff tab open (the owner's: invite,
 * roles, suspend, remove). As for /manage/money, the dashboard reads the address and this route only
 * names the page; guard, shell and policy come from the admin layout.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Staff · Admin', description: 'Who works in the admin.', noindex: true });

export default function ManageStaff() {
  return null;
}
