import type { Route } from './+types/manage';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Admin', description: 'Studio admin panel.', noindex: true });

export default function Manage() {
  return (
    <main id="main" className="mx-auto grid min-h-[70vh] max-w-md place-content-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">Admin</h1>
      <p className="text-fg-muted">Loading admin panel...</p>
    </main>
  );
}
