import type { Route } from './+types/privacy-policy';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Privacy Policy',
    description: 'How the studio collects, uses and protects your information and audio files.',
    path: '/privacy-policy',
  });

export default function Page() {
  return (
    <PageHero eyebrow="Legal" title="Privacy Policy">
      <p>Effective January 1, 2025.</p>
    </PageHero>
  );
}
