import type { Route } from './+types/services.mixing-mastering';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { MIXING_INCLUDED, MIXING_REVISIONS_TEXT } from '#app/content/mixing.ts';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { PackageCard } from '#app/features/marketing/package-card.tsx';
import { ContentSection } from '#app/features/marketing/content-section.tsx';
import { packageCards } from '#app/features/marketing/package-view.ts';
import { cardGridColumns } from '#app/components/card-grid.ts';
import { cn } from '#app/lib/cn.ts';
import { useSite } from '#app/root.tsx';
import { revisionsByPackage } from '#common/site-content/package-words.ts';
import { formatPrice, fromPrice } from '#common/site-content/package-words.ts';
import type { Package } from '#common/site-content/packages.ts';

/** The revisions every order includes, in the packages' own numbers. */
function revisionsIncluded(packages: Package[]) {
  if (packages.every((pkg) => pkg.revisions === 0)) return [];
  return [{ title: 'Revisions Included', text: `${MIXING_REVISIONS_TEXT} Revision rounds: ${revisionsByPackage(packages)}.` }];
}

export const meta: Route.MetaFunction = (args) => {
  const packages = siteFromMeta(args)?.packages.packages;
  return seo(args, {
    title: 'Mixing & Mastering',
    description:
      `Professional mixing and stereo mastering${packages ? ` from ${formatPrice(fromPrice(packages))} per song` : ''}, ` +
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
  const records = useSite().packages.packages;
  const [mixing, mastering, formats] = MIXING_INCLUDED;
  const included = [mixing!, mastering!, ...revisionsIncluded(records), formats!];
  const packages = packageCards(records);
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
        <div
          className={cn('mt-14 grid gap-8 md:gap-6 lg:gap-8', packages.length < 3 && 'mx-auto max-w-4xl', cardGridColumns(packages.length))}
        >
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
