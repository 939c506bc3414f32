import type { Route } from './+types/process';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Our Process',
    description: 'How a project runs, from the free consultation to final delivery, in six clear steps.',
    path: '/process',
  });

export default function Page() {
  return (
    <PageHero eyebrow="How it works" title="Our Process">
      <p>Six clear steps from your first message to the final master.</p>
    </PageHero>
  );
}
