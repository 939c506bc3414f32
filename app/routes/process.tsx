import type { Route } from './+types/process';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { QUALITY_STANDARDS, processSteps } from '#app/content/process.ts';
import { turnaroundSpan } from '#common/site-content/package-words.ts';
import { useSite } from '#app/root.tsx';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { StepList } from '#app/features/marketing/step-list.tsx';
import { ContentSection } from '#app/features/marketing/content-section.tsx';

export const meta: Route.MetaFunction = (args) => {
  const packages = siteFromMeta(args)?.packages.packages;
  return seo(args, {
    title: 'Our Process',
    description:
      'From free consultation to final delivery in six clear steps.' +
      (packages ? ` Your first version arrives within ${turnaroundSpan(packages)} of complete files.` : ''),
    path: '/process',
    keywords: [
      'mixing and mastering process',
      'how to prepare stems for mixing',
      'sending tracks for mixing',
      'mix revisions',
      'mixing turnaround time',
    ],
  });
};

export default function Page() {
  const { studio, packages } = useSite();
  return (
    <>
      <PageHero eyebrow="Process" title="Our Process">
        <p>Six clear steps from the first conversation to your final master, with you in the loop the whole way.</p>
      </PageHero>

      <ContentSection id="steps" eyebrow="Step by step" title="How We Work">
        <div className="mt-12">
          <StepList steps={processSteps(studio.responseHours)} />
        </div>
      </ContentSection>

      <ContentSection id="quality" eyebrow="Every project" title="Quality Standards" band>
        <div className="mt-12">
          <FeatureGrid items={QUALITY_STANDARDS} columns={4} />
        </div>
      </ContentSection>

      <ContentSection
        id="timeline"
        eyebrow="Turnaround"
        title="Project Timeline"
        intro={
          <p>
            The first version of one song arrives within {turnaroundSpan(packages.packages)} of complete files, depending on your package.
            Several songs or many tracks take longer: we confirm the timing in the consultation.
          </p>
        }
      >
        <dl className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-3">
          {packages.packages.map((pkg) => (
            <div key={pkg.key} className="rounded-2xl border border-line bg-surface p-6 text-center">
              <dt className="text-sm font-semibold uppercase tracking-wide text-fg-subtle">{pkg.name}</dt>
              <dd className="mt-3">
                <span className="block text-3xl font-bold text-accent">{pkg.turnaroundHours} hours</span>
                <span className="mt-2 block text-sm leading-relaxed text-fg-muted">To the first version of one song.</span>
              </dd>
            </div>
          ))}
        </dl>
      </ContentSection>

      <CtaBand id="process-cta-title" title="Start With a Free Consultation" actions={<ContactCta label="Start Your Project" />}>
        <p>Step one is a conversation. Tell us about your song and we will take it from there.</p>
      </CtaBand>
    </>
  );
}
