import type { Route } from './+types/about';
import { OwnerPicture } from '#app/components/owner-picture.tsx';
import { MarkdownView } from '#app/components/markdown-view.tsx';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { CreditsSection } from '#app/features/marketing/credits-section.tsx';
import { CtaBand } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { ContentSection, SectionHeading, sectionContainer } from '#app/features/marketing/content-section.tsx';
import { aboutContent } from '#app/features/marketing/page-content.server.ts';
import { TestimonialsSection } from '#app/features/marketing/testimonials-section.tsx';
import { useSite } from '#app/lib/root-data.ts';
import { locationLabel } from '#common/site-content/format.ts';
import { withArticle } from '#common/site-content/content-tokens.ts';
import { BOOK_CONSULTATION } from '#app/content/navigation.ts';

export const loader = ({ context }: Route.LoaderArgs) => aboutContent(context);

export const meta: Route.MetaFunction = (args) => {
  const site = siteFromMeta(args);
  const about = args.loaderData?.about;
  const who = about?.founderName ? `Meet ${about.founderName}` : 'Meet the founder';
  const stats = about?.stats.map((stat) => `${stat.value} ${stat.label}`.toLowerCase()).join(', ');
  return seo(args, {
    title: 'About',
    description: `${who}${stats ? `: ${stats}` : ''}${site ? `, from ${locationLabel(site.studio.location)}` : ''}.`,
    path: '/about',
    keywords: ({ name, location: { city } }) => [
      name,
      ...(about?.founderName ? [about.founderName] : []),
      `${city} mixing engineer`,
      `${city} mastering engineer`,
      `${city} music producer`,
    ],
  });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const { about, testimonials, testimonialsHeading } = loaderData;
  const { studio } = useSite();
  const named = about.founderName !== '';
  return (
    <>
      <PageHero eyebrow="About" title="About the Studio">
        <p>{withArticle(studio.location.city, { capital: true })} studio built on experience, good ears and care for every song.</p>
      </PageHero>

      <section aria-labelledby="founder-title" className={`${sectionContainer} py-16 sm:py-20`}>
        <div className="grid gap-12 lg:grid-cols-[1.3fr_1fr] lg:items-start">
          <div>
            <SectionHeading
              id="founder-title"
              eyebrow={named && about.founderRole ? about.founderRole : 'The founder'}
              title={named ? `Meet ${about.founderName}` : 'Meet the Founder'}
              align="left"
            />
            <MarkdownView blocks={about.biography} className="mt-6 max-w-prose text-lg [&_p]:mt-5" />
          </div>
          <div className="grid gap-6">
            {about.photo ? (
              <div className="overflow-hidden rounded-2xl border border-line bg-surface">
                <OwnerPicture image={about.photo} sizes="(min-width: 1024px) 480px, (min-width: 640px) 576px, 100vw" />
              </div>
            ) : null}
            <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1" aria-label="Studio in numbers">
              {about.stats.map((stat) => (
                <div key={stat.label} className="rounded-2xl border border-line bg-surface p-6">
                  <dt className="text-sm font-semibold uppercase tracking-wide text-fg-subtle">{stat.label}</dt>
                  <dd className="mt-2 text-4xl font-bold tracking-tight text-accent">{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>

      <CreditsSection credits={about.credits} />

      {about.values.length > 0 ? (
        <ContentSection id="values" eyebrow={about.valuesEyebrow || undefined} title={about.valuesTitle} band>
          <div className="mt-12">
            <FeatureGrid items={about.values} />
          </div>
        </ContentSection>
      ) : null}

      {/* The home page's testimonials heading, as the owner wrote it there. */}
      <TestimonialsSection testimonials={testimonials} heading={testimonialsHeading} />

      <CtaBand
        id="about-cta-title"
        title={about.ctaTitle}
        actions={
          <>
            <ButtonLink to={BOOK_CONSULTATION.to} size="lg">
              {BOOK_CONSULTATION.label}
            </ButtonLink>
            <ButtonLink to="/samples" size="lg" variant="secondary">
              Listen to Samples
            </ButtonLink>
          </>
        }
      >
        {about.ctaText ? <p>{about.ctaText}</p> : null}
      </CtaBand>
    </>
  );
}
