import type { ReactNode } from 'react';
import { cn } from '#app/lib/cn.ts';

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

/** The owner's words at the top of a home block: an empty eyebrow or intro is left out. */
export interface SectionWords {
  eyebrow: string;
  title: string;
  intro: string;
}

export const sectionContainer = 'mx-auto max-w-7xl px-4 sm:px-6 lg:px-8';

interface ContentSectionProps {
  /** Names the section; its heading gets the id `${id}-title`. */
  id: string;
  eyebrow?: string;
  title: string;
  /** The lead paragraph under the heading. */
  intro?: ReactNode;
  /** A full-width tinted band between rules, to set a section apart from its neighbours. */
  band?: boolean;
  children: ReactNode;
}

/** A content section of a marketing page: eyebrow, h2, lead, then the content, on the page's grid. */
export function ContentSection({ id, eyebrow, title, intro, band = false, children }: ContentSectionProps) {
  const content = (
    <>
      <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title}>
        {intro}
      </SectionHeading>
      {children}
    </>
  );
  return band ? (
    <section aria-labelledby={`${id}-title`} className="border-y border-line bg-surface/40 py-16 sm:py-20">
      <div className={sectionContainer}>{content}</div>
    </section>
  ) : (
    <section aria-labelledby={`${id}-title`} className={`${sectionContainer} py-16 sm:py-20`}>
      {content}
    </section>
  );
}
