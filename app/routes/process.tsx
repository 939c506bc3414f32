import type { Route } from './+types/process';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { turnaroundSpan, turnaroundText } from '#common/site-content/turnaround-words.ts';
import { useSite } from '#app/lib/root-data.ts';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { processContent } from '#app/features/marketing/process-content.server.ts';
import { StepList } from '#app/features/marketing/step-list.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { BOOK_CONSULTATION } from '#app/content/navigation.ts';
import { ContentSection } from '#app/features/marketing/content-section.tsx';

/** The owner's steps, standards and words, filled with the studio's facts on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  return processContent(context);
}

const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

export const meta: Route.MetaFunction = (args) => {
  const packages = siteFromMeta(args)?.packages.packages;
  const count = args.loaderData?.steps.length ?? 0;
  const steps = count > 0 ? ` in ${NUMBER_WORDS[count] ?? count} clear step${count === 1 ? '' : 's'}` : '';
  return seo(args, {
    title: 'Our Process',
    description:
      `From free consultation to final delivery${steps}.` +
      (packages ? ` Your first version arrives within ${turnaroundSpan(packages.map((pkg) => pkg.turnaround))} of complete files.` : ''),
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

const paragraphText = 'whitespace-pre-line';

export default function Page({ loaderData }: Route.ComponentProps) {
  const { packages } = useSite();
  const { intro, steps, standards, timelineIntro, cta } = loaderData;
  return (
    <>
      <PageHero eyebrow="Process" title="Our Process">
        <p className={paragraphText}>{intro}</p>
      </PageHero>

      <ContentSection id="steps" eyebrow="Step by step" title="How We Work">
        <div className="mt-12">
          <StepList steps={steps} />
        </div>
      </ContentSection>

      {standards.length > 0 ? (
        <ContentSection id="quality" eyebrow="Every project" title="Quality Standards" band>
          <div className="mt-12">
            <FeatureGrid items={standards} columns={4} />
          </div>
        </ContentSection>
      ) : null}

      <ContentSection id="timeline" eyebrow="Turnaround" title="Project Timeline" intro={<p className={paragraphText}>{timelineIntro}</p>}>
        {/* The turnaround of each package is its record's: never a second copy here. */}
        <dl className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-3">
          {packages.packages.map((pkg) => (
            <div key={pkg.key} className="rounded-2xl border border-line bg-surface p-6 text-center">
              <dt className="text-sm font-semibold uppercase tracking-wide text-fg-subtle">{pkg.name}</dt>
              <dd className="mt-3">
                <span className="block text-3xl font-bold text-accent">{turnaroundText(pkg.turnaround)}</span>
                <span className="mt-2 block text-sm leading-relaxed text-fg-muted">To the first version of one song.</span>
              </dd>
            </div>
          ))}
        </dl>
      </ContentSection>

      <CtaBand
        id="process-cta-title"
        title={cta.title}
        actions={
          <>
            <ButtonLink to={BOOK_CONSULTATION.to} size="lg">
              {BOOK_CONSULTATION.label}
            </ButtonLink>
            <ContactCta label="Start Your Project" variant="secondary" />
          </>
        }
      >
        <p className={paragraphText}>{cta.text}</p>
      </CtaBand>
    </>
  );
}
