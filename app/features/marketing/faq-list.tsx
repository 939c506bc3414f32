import { ChevronDown } from 'lucide-react';
import type { FaqEntry } from '#common/site-content/faq.ts';
import { cn } from '#app/lib/cn.ts';

/**
 * The FAQ as native <details>/<summary> disclosures: keyboard and screen-reader friendly,
 * and readable before (or without) JavaScript.
 */
/** The owner's questions; nothing when there are none. */
export function FaqList({
  faq,
  title = 'Frequently Asked Questions',
  headingId = 'faq-title',
}: {
  faq: FaqEntry[];
  /** An owner's page names its own (decision 119). */
  title?: string;
  headingId?: string;
}) {
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <h2 id={headingId} className="text-xl font-semibold text-fg">
        {title}
      </h2>
      <div className="mt-4 divide-y divide-line">
        {faq.map((entry) => (
          <details key={entry.question} className="group py-4">
            <summary
              className={cn(
                'flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-fg',
                'hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                '[&::-webkit-details-marker]:hidden',
              )}
            >
              {entry.question}
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-fg-subtle transition-transform group-open:rotate-180" />
            </summary>
            <p className="mt-3 text-sm leading-relaxed whitespace-pre-line text-fg-muted">{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
