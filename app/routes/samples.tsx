import type { Route } from './+types/samples';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Samples',
    description: 'Listen to mixing and mastering samples across genres, right in your browser.',
    path: '/samples',
  });

export default function Page() {
  return (
    <PageHero eyebrow="Portfolio" title="Sample Portfolio">
      <p>Hear the difference: mixes and masters across genres.</p>
    </PageHero>
  );
}
