import type { Route } from './+types/services.mixing-mastering';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { INTRO_PRICE_USD, MIXING_INCLUDED, MIXING_PAGE_PACKAGES, formatPrice } from '#app/content/pricing.ts';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { PackageCard } from '#app/features/marketing/package-card.tsx';
import { ContentSection } from '#app/features/marketing/content-section.tsx';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Mixing & Mastering',
    description:
      `Professional mixing and stereo mastering from ${formatPrice(INTRO_PRICE_USD)} per song, ` +
      'with free revisions and masters in multiple formats.',
    path: '/services/mixing-mastering',
  });

export default function Page() {
  return (
    <>
      <PageHero eyebrow="Services" title="Mixing & Mastering">
        <p>Your song, balanced, polished and loud enough to stand next to the records you love, on every speaker it meets.</p>
      </PageHero>

      <ContentSection id="included" eyebrow="Every order" title="What's Included">
        <div className="mt-12">
          <FeatureGrid items={MIXING_INCLUDED} columns={4} />
        </div>
      </ContentSection>

      <ContentSection id="packages" eyebrow="Pricing" title="Choose Your Package" band>
        <div className="mx-auto mt-14 grid max-w-4xl gap-8 md:grid-cols-2">
          {MIXING_PAGE_PACKAGES.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} />
          ))}
        </div>
      </ContentSection>

      <CtaBand id="mixing-cta-title" title="Let's Finish Your Song" actions={<ContactCta />}>
        <p>Send us a message with a few words about your project and we will set up a free consultation.</p>
      </CtaBand>
    </>
  );
}
