import type { Route } from './+types/services.vocal-production';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Vocal Production',
    description: 'Vocal tuning, timing, comping, effects and harmonies from $100, for vocals that sit right in the mix.',
    path: '/services/vocal-production',
  });

export default function Page() {
  return (
    <PageHero eyebrow="Services" title="Vocal Production">
      <p>Polished, natural vocals that carry the song.</p>
    </PageHero>
  );
}
