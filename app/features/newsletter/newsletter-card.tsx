import type { ReactNode } from 'react';

/** The card of the newsletter's own pages: an icon, a heading, then what happened. */
export function NewsletterCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <section aria-labelledby="newsletter-title" className="grid gap-6 rounded-2xl border border-line bg-surface p-6 sm:p-8">
        <div className="grid justify-items-center gap-3 text-center">
          {icon}
          <h1 id="newsletter-title" className="text-2xl font-bold tracking-tight text-balance text-fg sm:text-3xl">
            {title}
          </h1>
        </div>
        {children}
      </section>
    </div>
  );
}
