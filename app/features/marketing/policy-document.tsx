import { PageHero } from '#app/components/page-hero.tsx';
import type { PolicySection } from '#app/content/policies.ts';
import { POLICIES_EFFECTIVE_DATE } from '#app/content/policies.ts';
import { useRootData } from '#app/root.tsx';
import { cn } from '#app/lib/cn.ts';

/** A legal page: hero with the effective date, readable sections, and a contact paragraph with the e-mail link. */
export function PolicyDocument({ title, intro, sections }: { title: string; intro: string; sections: PolicySection[] }) {
  const { studioEmail } = useRootData();
  return (
    <>
      <PageHero eyebrow="Legal" title={title}>
        <p>Effective {POLICIES_EFFECTIVE_DATE}</p>
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
        <p className="text-lg leading-relaxed text-fg-muted">{intro}</p>
        {sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-2xl font-semibold text-fg">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className="mt-4 leading-relaxed text-fg-muted">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-4 grid list-disc gap-2 pl-6 leading-relaxed text-fg-muted marker:text-accent">
                {section.list.map((item) => (
                  <li key={item.slice(0, 32)}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <section className="mt-10">
          <h2 className="text-2xl font-semibold text-fg">Contact Us</h2>
          <p className="mt-4 leading-relaxed text-fg-muted">
            Questions about this page? Write to us at{' '}
            <a
              href={`mailto:${studioEmail}`}
              className={cn(
                'rounded text-accent underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2',
                'focus-visible:ring-accent',
              )}
            >
              {studioEmail}
            </a>
            .
          </p>
        </section>
      </article>
    </>
  );
}
