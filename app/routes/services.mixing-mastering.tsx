import type { Route } from './+types/services.mixing-mastering';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { MIXING_INCLUDED, MIXING_REVISIONS_TEXT } from '#app/content/mixing.ts';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { PackageCard } from '#app/features/marketing/package-card.tsx';
import { ContentSection } from '#app/features/marketing/content-section.tsx';
import { mixingFromPrice, mixingPackages } from '#app/features/marketing/package-view.ts';
import { useSite } from '#app/root.tsx';
import { formatPrice, mixingPagePackage } from '#common/site-content/format.ts';
import type { Pricing } from '#common/site-content/pricing.ts';

/** The included revisions as this page reads them (the same fact its intro card states). */
function revisionsIncluded(pricing: Pricing) {
  const revisions = mixingPagePackage(pricing, pricing.newClientSpecial.enabled ? 'intro' : 'premium').revisions;
  if (revisions === 0) return [];
  const title = revisions === 'unlimited' ? 'Unlimited Revisions' : `Up to ${revisions} Free ${revisions === 1 ? 'Revision' : 'Revisions'}`;
  return [{ title, text: MIXING_REVISIONS_TEXT }];
}

export const meta: Route.MetaFunction = (args) => {
  const pricing = siteFromMeta(args)?.pricing;
  return seo(args, {
    title: 'Mixing & Mastering',
    description:
      `Professional mixing and stereo mastering${pricing ? ` from ${formatPrice(mixingFromPrice(pricing))} per song` : ''}, ` +
      'with revisions included and masters in multiple formats.',
    path: '/services/mixing-mastering',
    keywords: ({ location: { city } }) => [
      'mixing and mastering',
      'song mixing',
      'stereo mastering',
      'stem mastering',
      'mixing and mastering price per song',
      `${city} mixing engineer`,
    ],
  });
};

export default function Page() {
  const { pricing } = useSite();
  const [mixing, mastering, formats] = MIXING_INCLUDED;
  const included = [mixing!, mastering!, ...revisionsIncluded(pricing), formats!];
  const packages = mixingPackages(pricing);
  return (
    <>
      <PageHero eyebrow="Services" title="Mixing & Mastering">
        <p>Your song, balanced, polished and loud enough to stand next to the records you love, on every speaker it meets.</p>
      </PageHero>

      <ContentSection id="included" eyebrow="Every order" title="What's Included">
        <div className="mt-12">
          <FeatureGrid items={included} columns={included.length === 4 ? 4 : 3} />
        </div>
      </ContentSection>

      <ContentSection id="packages" eyebrow="Pricing" title="Choose Your Package" band>
        <div className={packages.length > 1 ? 'mx-auto mt-14 grid max-w-4xl gap-8 md:grid-cols-2' : 'mx-auto mt-14 grid max-w-md gap-8'}>
          {packages.map((pkg) => (
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
