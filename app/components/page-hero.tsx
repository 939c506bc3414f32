import type { ReactNode } from 'react';

/** The opening band of an inner page: an eyebrow, the page's one h1 and a lead paragraph. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="border-b border-line bg-gradient-to-b from-surface to-ink">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-accent">{eyebrow}</p> : null}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-fg sm:text-5xl">{title}</h1>
        {children ? <div className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-fg-muted">{children}</div> : null}
      </div>
    </section>
  );
}
