import type { Route } from './+types/contact';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Free Consultation',
    description: 'Tell us about your project and get a free consultation. We reply within 24 hours.',
    path: '/contact',
  });

export default function Page() {
  return (
    <PageHero eyebrow="Contact" title="Free Consultation">
      <p>Tell us about your project. We reply within 24 hours to schedule your free consultation.</p>
    </PageHero>
  );
}
