import type { Route } from './+types/process';
import { PageHero } from '~/components/page-hero';
import { seo } from '~/components/seo';
import { PROCESS_STEPS, PROJECT_TIMELINE, QUALITY_STANDARDS, TYPICAL_COMPLETION } from '~/content/process';
import { CtaBand, ContactCta } from '~/features/marketing/cta-band';
import { FeatureGrid, StepList } from '~/features/marketing/feature-grid';
import { SectionHeading, sectionContainer } from '~/features/marketing/section-heading';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Our Process',
    description: `From free consultation to final delivery in six clear steps. Most projects are finished in ${TYPICAL_COMPLETION}.`,
    path: '/process',
  });

export default function Page() {
  return (
    <>
      <PageHero eyebrow="Process" title="Our Process">
        <p>Six clear steps from the first conversation to your final master, with you in the loop the whole way.</p>
      </PageHero>

      <section aria-labelledby="steps-title" className={`${sectionContainer} py-16 sm:py-20`}>
        <SectionHeading id="steps-title" eyebrow="Step by step" title="How We Work" />
        <div className="mt-12">
          <StepList steps={PROCESS_STEPS} />
        </div>
      </section>

      <section aria-labelledby="quality-title" className="border-y border-line bg-surface/40 py-16 sm:py-20">
        <div className={sectionContainer}>
          <SectionHeading id="quality-title" eyebrow="Every project" title="Quality Standards" />
          <div className="mt-12">
            <FeatureGrid items={QUALITY_STANDARDS} columns={4} />
          </div>
        </div>
      </section>

      <section aria-labelledby="timeline-title" className={`${sectionContainer} py-16 sm:py-20`}>
        <SectionHeading id="timeline-title" eyebrow="Turnaround" title="Project Timeline">
          <p>Most projects are completed within {TYPICAL_COMPLETION}, depending on their size and the number of revisions.</p>
        </SectionHeading>
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
      </section>

      <CtaBand id="process-cta-title" title="Start With a Free Consultation" actions={<ContactCta label="Start Your Project" />}>
        <p>Step one is a conversation. Tell us about your song and we will take it from there.</p>
      </CtaBand>
    </>
  );
}
