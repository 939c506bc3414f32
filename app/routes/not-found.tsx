import { data } from 'react-router';
import type { Route } from './+types/not-found.ts';
import { seo } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';

/** Any path no other route matches: the 404 page, answered with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: '404 Page Not Found',
    description: 'The page you are looking for does not exist.',
    noindex: true,
  });

export default function NotFound() {
  return (
    <section className="mx-auto grid min-h-[60vh] max-w-xl place-content-center gap-6 px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent">Error 404</p>
      <h1 className="text-4xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="text-lg text-fg-muted">The page you are looking for does not exist or has moved.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Back to Home</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Contact Us
        </ButtonLink>
      </div>
    </section>
  );
}
