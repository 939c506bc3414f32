import type { Route } from './+types/about';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'About',
    description: 'Meet the founder: 17+ years of experience and 100+ albums mastered to radio quality standards.',
    path: '/about',
  });

export default function Page() {
  return (
    <PageHero eyebrow="About" title="About the Studio">
      <p>An Atlanta studio built on experience and care for every song.</p>
    </PageHero>
  );
}
