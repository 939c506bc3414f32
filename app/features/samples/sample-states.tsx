import type { ReactNode } from 'react';
import { AlertTriangle, Loader2, Music2 } from 'lucide-react';
import { cn } from '#app/lib/cn.ts';

// The loading, error and empty views shared by the featured block and /samples.

export function SamplesLoading() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-fg-muted">
      <Loader2 className="size-8 animate-spin text-accent motion-reduce:animate-none" aria-hidden />
      <p>Loading samples...</p>
    </div>
  );
}

export function SamplesError({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className={cn(
        'mx-auto flex max-w-lg flex-col items-center gap-3 rounded-xl px-6 py-10 text-center',
        'border border-danger/50 bg-danger-surface/40',
      )}
    >
      <AlertTriangle className="size-8 text-red-300" aria-hidden />
      <h3 className="text-lg font-semibold text-fg">Unable to Load Samples</h3>
      <p className="text-sm text-red-200">{children}</p>
    </div>
  );
}

export function SamplesEmpty({ debug }: { debug?: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-xl border border-line bg-surface px-6 py-10 text-center">
      <Music2 className="size-8 text-fg-subtle" aria-hidden />
      <h3 className="text-lg font-semibold text-fg">No Samples Available</h3>
      <p className="text-fg-muted">Check back soon for new sample songs!</p>
      {debug ? <p className="font-mono text-xs text-fg-subtle">{debug}</p> : null}
    </div>
  );
}
