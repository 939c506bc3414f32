import type { Route } from './+types/home';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Professional Audio Mixing & Mastering in Atlanta',
    description: 'Radio-ready mixing and mastering from Atlanta, GA, for artists worldwide. First song mixed and mastered for $75.',
    path: '/',
  });

export default function Page() {
  return (
    <PageHero title="Professional Audio Mastering">
      <p>Radio-ready sound for artists everywhere, mixed and mastered in Atlanta.</p>
    </PageHero>
  );
}
