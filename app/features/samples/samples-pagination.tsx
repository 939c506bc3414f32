import { ChevronLeft, ChevronRight } from 'lucide-react';
import { samplesPagePath } from '#common/sample-pages.ts';
import { cn } from '#app/lib/cn.ts';

const LINK = 'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium';
const IDLE = 'border border-line text-fg-muted hover:border-accent hover:text-fg focus-visible:outline-2 focus-visible:outline-accent';

/** Which page numbers to show: the first, the last and the two around the current one; null is a gap. */
function shownPages(page: number, pageCount: number): Array<number | null> {
  const wanted = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const shown: Array<number | null> = [];
  for (const n of wanted) {
    const last = shown.at(-1);
    if (typeof last === 'number' && n - last > 1) shown.push(null);
    shown.push(n);
  }
  return shown;
}

/**
 * Plain links between the portfolio's pages: they work without JavaScript, and every page is one
 * shared copy of its own (server/http/public-cache). Nothing shows when everything fits on one page.
 */
export function SamplesPagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Sample pages" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <a href={samplesPagePath(page - 1)} rel="prev" className={cn(LINK, IDLE)}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </a>
      ) : null}
      {shownPages(page, pageCount).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} className="px-1 text-fg-subtle" aria-hidden>
            …
          </span>
        ) : (
          <a
            key={n}
            href={samplesPagePath(n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            className={cn(LINK, n === page ? 'bg-accent text-ink' : IDLE)}
          >
            {n}
          </a>
        ),
      )}
      {page < pageCount ? (
        <a href={samplesPagePath(page + 1)} rel="next" className={cn(LINK, IDLE)}>
          Next
          <ChevronRight className="size-4" aria-hidden />
        </a>
      ) : null}
    </nav>
  );
}
