import type { ReactNode } from 'react';
import { ButtonLink, type ButtonVariant } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';

/** Closing call to action of an inner page: a heading, a line and links (the first one usually to /contact). */
export function CtaBand({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section aria-labelledby={id} className="px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <div
        className={cn(
          'mx-auto max-w-5xl rounded-3xl border border-accent/30',
          'bg-[radial-gradient(40rem_20rem_at_50%_0%,color-mix(in_srgb,var(--color-accent)_16%,transparent),transparent_70%)]',
          'bg-surface px-6 py-14 text-center sm:px-12',
        )}
      >
        <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
          {title}
        </h2>
        <div className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-fg-muted">{children}</div>
        <div className="mt-8 flex flex-wrap justify-center gap-4">{actions}</div>
      </div>
    </section>
  );
}

export function ContactCta({ label = 'Get Started', variant }: { label?: string; variant?: ButtonVariant }) {
  return (
    <ButtonLink to="/contact" size="lg" variant={variant}>
      {label}
    </ButtonLink>
  );
}
