import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** Eyebrow, h2 and lead paragraph at the top of a content section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-accent">{eyebrow}</p> : null}
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
        {title}
      </h2>
      {children ? <div className="mt-4 text-lg leading-relaxed text-fg-muted">{children}</div> : null}
    </div>
  );
}

export const sectionContainer = 'mx-auto max-w-7xl px-4 sm:px-6 lg:px-8';
