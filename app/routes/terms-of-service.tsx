import type { Route } from './+types/terms-of-service';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Terms of Service',
    description: 'The terms that govern our mixing, mastering and vocal production services.',
    path: '/terms-of-service',
  });

export default function Page() {
  return (
    <PageHero eyebrow="Legal" title="Terms of Service">
      <p>Effective January 1, 2025.</p>
    </PageHero>
  );
}
