import type { Services } from './context.ts';
import { startNoticeRetries } from './contact/notice-delivery.ts';
import { startSpamSweep } from './contact/spam.ts';
import { ensureInitialAdmin } from './auth/first-admin.ts';
import { startAuthHousekeeping } from './auth/housekeeping.ts';
import { startSampleTasks } from './samples/startup.ts';
import { startMultipartSweep } from './uploads/startup.ts';
import { startProjectTasks } from './projects/startup.ts';
import { startBookingTasks } from './booking/booking-capability.ts';
import { startInsightTasks } from './insights/insights-capability.ts';

/** Names the task in the error, so a failed start-up says in one line what it was doing. */
async function task<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * First-run work and periodic housekeeping (seeding, pruning expired rows). Each capability adds its
 * task here; the returned function stops the timers on shutdown.
 */
export async function runStartupTasks(services: Services): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  // Owner e-mails that a crash or a mail outage left unsent: now, then every minute.
  timers.push(await task('scheduling owner notices', () => startNoticeRetries(services)));
  // Contact messages kept as spam are deleted 30 days after they arrived, hourly.
  timers.push(await task('scheduling the contact spam sweep', () => startSpamSweep(services)));
  // A fresh site gets its first admin; expired sessions, reset links, rate-limit windows and audit entries past a year are pruned hourly.
  await task('creating the first admin', () => ensureInitialAdmin(services));
  timers.push(await task('scheduling auth housekeeping', () => startAuthHousekeeping(services)));
  // First-run demo samples, analysis backlog, and an hourly sweep of abandoned uploads and expired trash.
  timers.push(await task('starting the sample tasks', () => startSampleTasks(services)));
  // Multipart uploads nobody completed within a day are aborted (their parts removed), hourly.
  timers.push(await task('scheduling the multipart upload sweep', () => startMultipartSweep(services)));
  // Client projects: e-mails, file checksums and analysis left over, daily retention, hourly housekeeping.
  timers.push(...(await task('starting the project tasks', () => startProjectTasks(services))));
  // Consultations: their e-mails and reminders, and the owner's calendar feed every 15 minutes.
  timers.push(...(await task('starting the booking tasks', () => startBookingTasks(services))));
  // Invoices: the client's e-mails, receipts and overdue reminders.
  timers.push(await task('starting the billing e-mails', () => services.billing.billingEmails.start()));
  timers.push(await task('starting the proposal e-mails', () => services.proposals.proposalEmails.start()));
  // Visitor statistics: finished days rolled up, old events and salts dropped, hourly.
  timers.push(await task('starting the visitor statistics tasks', () => startInsightTasks(services)));
  return () => timers.forEach((timer) => clearInterval(timer));
}
