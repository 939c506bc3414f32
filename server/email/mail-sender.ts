import type { Logger } from '#server/logger.ts';
import type { DeliveryResult } from './retried-mail.ts';

/** How often unsent e-mails are looked at. */
export const MAIL_SEND_INTERVAL_MS = 60_000;

export interface MailSenderJobs {
  /** Sends every due e-mail of one table. */
  sendDue: (now: Date) => Promise<Record<DeliveryResult, number>>;
  /** When the next unsent e-mail falls due, or null when none waits. */
  nextDueAt: () => Promise<Date | null>;
  logger: Logger;
  /** "project e-mails", "booking e-mails": what the log lines name. */
  label: string;
}

/**
 * Sends what is due: at start-up, every minute, right after something was queued (`sendSoon`), so
 * an invitation goes out in seconds, and when the next waiting e-mail falls due before the next
 * minute (a delivery's short batch, a reminder, ends on time, not up to a minute later). One pass
 * at a time per instance; the rows' claims keep instances apart.
 */
export class MailSender {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private wake: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly jobs: MailSenderJobs) {}

  start(intervalMs = MAIL_SEND_INTERVAL_MS): NodeJS.Timeout {
    this.sendSoon();
    this.timer = setInterval(() => this.sendSoon(), intervalMs);
    this.timer.unref();
    return this.timer;
  }

  sendSoon(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.sendSoon();
      }
    });
  }

  /** Resolves when no pass is running (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.wake) clearTimeout(this.wake);
  }

  private async pass(): Promise<void> {
    try {
      const totals = await this.jobs.sendDue(new Date());
      if (totals.sent + totals.failed > 0) this.jobs.logger.info(totals, `${this.jobs.label} sent`);
      await this.wakeForNext();
    } catch (error) {
      this.jobs.logger.error({ err: error }, `${this.jobs.label}: delivery failed`);
    }
  }

  /** One timer for the next e-mail due within the minute; later ones are the minute timer's. */
  private async wakeForNext(): Promise<void> {
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    const next = await this.jobs.nextDueAt();
    if (this.stopped || !next) return;
    const delay = next.getTime() - Date.now();
    if (delay > MAIL_SEND_INTERVAL_MS) return;
    // Already due (it fell due while this pass ran): the next pass claims it, which moves it on, so this cannot spin.
    this.wake = setTimeout(() => this.sendSoon(), Math.max(0, delay) + 50);
    this.wake.unref();
  }
}
