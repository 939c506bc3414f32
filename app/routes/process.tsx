import type { Route } from './+types/process';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { PROJECT_TIMELINE, QUALITY_STANDARDS, TYPICAL_COMPLETION, processSteps } from '#app/content/process.ts';
import { useSite } from '#app/root.tsx';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { StepList } from '#app/features/marketing/step-list.tsx';
import { ContentSection } from '#app/features/marketing/content-section.tsx';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Our Process',
    description: `From free consultation to final delivery in six clear steps. Most projects are finished in ${TYPICAL_COMPLETION}.`,
    path: '/process',
    keywords: [
      'mixing and mastering process',
      'how to prepare stems for mixing',
      'sending tracks for mixing',
      'mix revisions',
      'mixing turnaround time',
    ],
  });

export default function Page() {
  const { studio } = useSite();
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
        intro={<p>Most projects are completed within {TYPICAL_COMPLETION}, depending on their size and the number of revisions.</p>}
      >
        <dl className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-3">
          {PROJECT_TIMELINE.map((entry) => (
            <div key={entry.label} className="rounded-2xl border border-line bg-surface p-6 text-center">
              <dt className="text-sm font-semibold uppercase tracking-wide text-fg-subtle">{entry.label}</dt>
              <dd className="mt-3">
                <span className="block text-3xl font-bold text-accent">{entry.days}</span>
                <span className="mt-2 block text-sm leading-relaxed text-fg-muted">{entry.text}</span>
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
