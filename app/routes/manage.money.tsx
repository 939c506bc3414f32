import type { Route } from './+types/manage.money.ts';
import { seo } from '#app/components/seo.ts';

/*
 * /manage/money: the dashboard of routes/manage.tsx with the Money tab open (invoices, what is
 * owed and paid). As for /manage/projects, the dashboard reads the address and this route only names the page;
 * guard, shell and policy come from the admin layout.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Money · Admin', description: 'Studio invoices and payments.', noindex: true });

export default function ManageMoney() {
  return null;
}
