import type { Route } from './+types/services.mixing-mastering';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Mixing & Mastering',
    description: 'Professional mixing and stereo mastering from $75 per song, with free revisions and every format you need.',
    path: '/services/mixing-mastering',
  });

export default function Page() {
  return (
    <PageHero eyebrow="Services" title="Mixing & Mastering">
      <p>Balanced, powerful mixes and masters that translate on every speaker.</p>
    </PageHero>
  );
}
