import type { Route } from './+types/manage.bookings.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/bookings, /manage/bookings/week and /manage/bookings/settings: the admin shell of
 * routes/manage.tsx with the Bookings tab open on that view (the shell reads the address itself).
 * Guard, shell and policy come from the admin layout, as for /manage/projects.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Bookings · Admin', description: 'Consultations booked on the site.', noindex: true });

export default function ManageBookings() {
  return null;
}
