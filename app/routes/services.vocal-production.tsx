import type { Route } from './+types/services.vocal-production';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { Button } from '#app/components/ui/button.tsx';
import { VOCAL_EXTRAS, VOCAL_PROCESS, VOCAL_SERVICES } from '#app/content/services.ts';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { StepList } from '#app/features/marketing/step-list.tsx';
import { ContentSection } from '#app/features/marketing/content-section.tsx';
import { useSite } from '#app/root.tsx';
import { formatPrice } from '#common/site-content/format.ts';

export const meta: Route.MetaFunction = (args) => {
  const from = siteFromMeta(args)?.packages.vocalProductionFrom;
  return seo(args, {
    title: 'Vocal Production',
    description:
      `Vocal tuning, timing, comping, effects and harmonies${from !== undefined ? ` from ${formatPrice(from)}` : ''}, ` +
      'for vocals that sit right in the mix.',
    path: '/services/vocal-production',
    keywords: ({ location: { city } }) => [
      'vocal production',
      'vocal tuning',
      'vocal comping',
      'vocal timing correction',
      'harmony arrangement',
      `${city} vocal producer`,
    ],
  });
};

/**
 * As the spec records, this page's buttons do not change the route. They stay real, focusable
 * buttons (type="button") so keyboard and screen-reader users meet the same page as everyone else.
 */
export default function Page() {
  const { packages } = useSite();
  return (
    <>
      <PageHero eyebrow="Services" title="Vocal Production">
        <p>Polished, natural vocals that carry the song: tuned, timed and shaped to sit right in the mix.</p>
        <p className="mt-6 text-base">
          Starting at <span className="text-3xl font-bold text-accent">{formatPrice(packages.vocalProductionFrom)}</span>
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Button size="lg">Start Your Vocal Project</Button>
          <Button size="lg" variant="secondary">
            Hear Vocal Samples
          </Button>
        </div>
      </PageHero>

      <ContentSection id="vocal-services" eyebrow="What we do" title="Vocal Production Services">
        <div className="mt-12">
          <FeatureGrid items={VOCAL_SERVICES} columns={4} />
        </div>
      </ContentSection>

      <ContentSection id="vocal-extras" eyebrow="And more" title="Additional Services" band>
        <div className="mt-12">
          <FeatureGrid items={VOCAL_EXTRAS} />
        </div>
      </ContentSection>

      <ContentSection id="vocal-process" eyebrow="How it works" title="Our Vocal Production Process">
        <div className="mt-12">
          <StepList steps={VOCAL_PROCESS} />
        </div>
        <div className="mt-12 flex justify-center">
          <Button size="lg">Book Your Vocal Session</Button>
        </div>
      </ContentSection>
    </>
  );
}
