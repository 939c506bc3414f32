import { ExternalLink } from 'lucide-react';
import type { Credit } from '#common/site-content/about.ts';
import { ContentSection } from './content-section.tsx';
import { cn } from '#app/lib/cn.ts';

/** Records the studio worked on, as the owner listed them; nothing when the list is empty. */
export function CreditsSection({ credits, title = 'Selected Work', id = 'credits' }: { credits: Credit[]; title?: string; id?: string }) {
  if (credits.length === 0) return null;
  return (
    <ContentSection id={id} eyebrow="Credits" title={title}>
      <ul className="mx-auto mt-12 grid max-w-5xl gap-4 sm:grid-cols-2">
        {credits.map((credit) => {
          const title = (
            <>
              <span className="font-semibold text-fg">{credit.title}</span>
              <span className="text-fg-muted"> · {credit.artist}</span>
            </>
          );
          return (
            <li
              key={`${credit.artist}-${credit.title}-${credit.role}`}
              className="flex items-start justify-between gap-4 rounded-2xl border border-line bg-surface p-5"
            >
              <div>
                <p>
                  {credit.url ? (
                    <a
                      href={credit.url}
                      rel="noopener noreferrer nofollow"
                      className={cn(
                        'group inline-flex items-baseline gap-1.5 rounded underline-offset-4 hover:underline',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                      )}
                    >
                      <span>{title}</span>
                      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 self-center text-fg-subtle group-hover:text-accent" />
                    </a>
                  ) : (
                    title
                  )}
                </p>
                <p className="mt-1 text-sm text-fg-subtle">{credit.role}</p>
              </div>
              {credit.year !== null ? <p className="shrink-0 text-sm font-semibold text-accent tabular-nums">{credit.year}</p> : null}
            </li>
          );
        })}
      </ul>
    </ContentSection>
  );
}
