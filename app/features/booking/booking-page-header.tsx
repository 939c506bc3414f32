import type { ReactNode } from 'react';

/** The opening of a booking page: shorter than the marketing pages' hero, so the picker shows on a phone's first screen. */
export function BookingPageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <section className="border-b border-line bg-gradient-to-b from-surface to-ink">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-fg sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-base leading-relaxed text-fg-muted sm:text-lg">{children}</div> : null}
      </div>
    </section>
  );
}

/** The column every booking page's content sits in. */
export const bookingColumn = 'mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:px-8';

/** The narrower column a booking's outcome sits in on a page of its own (confirmed, moved, cancelled). */
export const outcomeColumn = `${bookingColumn} max-w-2xl py-10 sm:py-16`;
