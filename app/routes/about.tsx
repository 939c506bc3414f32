import type { Route } from './+types/about';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { ABOUT_STATS, ABOUT_VALUES, ALBUMS_MASTERED, FOUNDER_BIO, YEARS_EXPERIENCE } from '#app/content/about.ts';
import { STUDIO_LOCATION } from '#app/content/site.ts';
import { CtaBand } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { ContentSection, SectionHeading, sectionContainer } from '#app/features/marketing/content-section.tsx';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'About',
    description:
      `Meet the founder: ${YEARS_EXPERIENCE} years of experience and ${ALBUMS_MASTERED} albums mastered ` +
      `to radio quality standards, from ${STUDIO_LOCATION.label}.`,
    path: '/about',
  });

export default function Page() {
  return (
    <>
      <PageHero eyebrow="About" title="About the Studio">
        <p>An {STUDIO_LOCATION.city} studio built on experience, good ears and care for every song.</p>
      </PageHero>

      <section aria-labelledby="founder-title" className={`${sectionContainer} py-16 sm:py-20`}>
        <div className="grid gap-12 lg:grid-cols-[1.3fr_1fr] lg:items-start">
          <div>
            <SectionHeading id="founder-title" eyebrow="The founder" title="Meet the Founder" align="left" />
            <div className="mt-6 grid max-w-prose gap-5 text-lg leading-relaxed text-fg-muted">
              {FOUNDER_BIO.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
          </div>
          <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1" aria-label="Studio in numbers">
            {ABOUT_STATS.map((stat) => (
              <div key={stat.label} className="rounded-2xl border border-line bg-surface p-6">
                <dt className="text-sm font-semibold uppercase tracking-wide text-fg-subtle">{stat.label}</dt>
                <dd className="mt-2 text-4xl font-bold tracking-tight text-accent">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <ContentSection id="values" eyebrow="How we work" title="What We Stand For" band>
        <div className="mt-12">
          <FeatureGrid items={ABOUT_VALUES} />
        </div>
      </ContentSection>

      <CtaBand
        id="about-cta-title"
        title="Let's Work Together"
        actions={
          <>
            <ButtonLink to="/contact" size="lg">
              Get Free Consultation
            </ButtonLink>
            <ButtonLink to="/samples" size="lg" variant="secondary">
              Listen to Samples
            </ButtonLink>
          </>
        }
      >
        <p>Hear what we do, then tell us about your music.</p>
      </CtaBand>
    </>
  );
}
