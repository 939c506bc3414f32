import type { Route } from './+types/manage.insights.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/insights: the dashboard of routes/manage.tsx with the Insights tab open (visitors, sources,
 * plays). As for /manage/money, the dashboard reads the address and this route only names the page;
 * guard, shell and policy come from the admin layout.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Insights · Admin', description: 'Who visits the site, from where, and what they play.', noindex: true });

export default function ManageInsights() {
  return null;
}
