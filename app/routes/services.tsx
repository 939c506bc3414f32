import type { Route } from './+types/services';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Services',
    description: 'Mixing, mastering and vocal production services for independent artists, with transparent pricing.',
    path: '/services',
  });

export default function Page() {
  return (
    <PageHero eyebrow="Services" title="Our Services">
      <p>Everything your song needs to sound finished: mixing, mastering and vocal production.</p>
    </PageHero>
  );
}
