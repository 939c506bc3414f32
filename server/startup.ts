import type { Services } from './context.ts';
import { startNoticeRetries } from './contact/notice-delivery.ts';
import { ensureInitialAdmin } from './auth/first-admin.ts';
import { startAuthHousekeeping } from './auth/housekeeping.ts';
import { startSampleTasks } from './samples/startup.ts';

/**
 * First-run work and periodic housekeeping (seeding, pruning expired rows). Each capability adds its
 * task here; the returned function stops the timers on shutdown.
 */
export async function runStartupTasks(services: Services): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  // Owner e-mails that a crash or a mail outage left unsent: now, then every minute.
  timers.push(startNoticeRetries(services));
  // A fresh site gets its first admin; expired sessions, reset links and rate-limit windows are pruned hourly.
  await ensureInitialAdmin(services);
  timers.push(startAuthHousekeeping(services));
  // First-run demo samples, analysis backlog, and an hourly sweep of abandoned uploads.
  timers.push(await startSampleTasks(services));
  return () => timers.forEach((timer) => clearInterval(timer));
}
