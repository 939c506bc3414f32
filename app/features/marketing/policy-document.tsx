import { MarkdownView } from '#app/components/markdown-view.tsx';
import { PageHero } from '#app/components/page-hero.tsx';
import { useSite } from '#app/lib/root-data.ts';
import type { MarkdownBlock } from '#common/markdown.ts';
import { cn } from '#app/lib/cn.ts';

/** A legal page: hero with the effective date, the owner's text, and a contact paragraph with the e-mail link. */
export function PolicyDocument({ title, effectiveDate, body }: { title: string; effectiveDate: string; body: MarkdownBlock[] }) {
  const { studio } = useSite();
  return (
    <>
      <PageHero eyebrow="Legal" title={title}>
        <p>Effective {effectiveDate}</p>
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
        <MarkdownView blocks={body} className="[&>p:first-child]:text-lg" />
        <section className="mt-10">
          <h2 className="text-2xl font-semibold text-fg">Contact Us</h2>
          <p className="mt-4 leading-relaxed text-fg-muted">
            Questions about this page? Write to us at{' '}
            <a
              href={`mailto:${studio.email}`}
              className={cn(
                'rounded text-accent underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2',
                'focus-visible:ring-accent',
              )}
            >
              {studio.email}
            </a>
            .
          </p>
        </section>
      </article>
    </>
  );
}
