import type { Route } from './+types/manage.proposals.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/proposals (and /new, /:id): the dashboard of routes/manage.tsx with the Proposals tab open.
 * As for /manage/money, the dashboard reads the address and this route only names the page.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Proposals · Admin', description: 'Proposals the client signs and pays.', noindex: true });

export default function ManageProposals() {
  return null;
}
