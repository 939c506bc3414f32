import { lazy, Suspense, useState } from 'react';
import { useToasts } from '#app/lib/toast.ts';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster when the first toast is raised, so pages that never show one never
 * download it. The toast waits in the store the few milliseconds the chunk takes.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
