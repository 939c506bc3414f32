import type { Services } from './context.ts';

/**
 * First-run work and periodic housekeeping (seeding, pruning expired rows). Each capability adds its
 * task here; the returned function stops the timers on shutdown.
 */
export async function runStartupTasks(_services: Services): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  return () => timers.forEach((timer) => clearInterval(timer));
}
