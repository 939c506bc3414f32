import type { ReactNode } from 'react';
import { SignOutButton } from './sign-out-button.tsx';
import { cn } from '#app/lib/cn.ts';

/**
 * The opening band of every portal page: the studio's client space, the page's one h1, and for a
 * signed-in client who they are signed in as, with Sign out.
 */
export function PortalHeader({ title, email, children }: { title: string; email?: string; children?: ReactNode }) {
  return (
    <section className="border-b border-line bg-gradient-to-b from-surface to-ink">
      <div
        className={cn(
          'mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14 lg:flex-row lg:items-end',
          'lg:justify-between lg:px-8',
        )}
      >
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">Client portal</p>
          <h1 className="mt-2 break-words text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
          {children ? <div className="mt-3 max-w-2xl text-fg-muted">{children}</div> : null}
        </div>
        {email ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-fg-muted lg:justify-end">
            <span className="min-w-0 break-all">
              Signed in as <span className="font-medium text-fg">{email}</span>
            </span>
            <SignOutButton />
          </div>
        ) : null}
      </div>
    </section>
  );
}
