import type { ReactNode } from 'react';

/** The centred panel the login, forgot-password and reset-password views share. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="grid min-h-[calc(100dvh-4rem)] place-items-center px-4 py-12 outline-none sm:px-6">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-2xl sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
        {intro ? <p className="mt-2 text-sm text-fg-muted">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
