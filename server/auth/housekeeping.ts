import type { CoreServices } from '#server/core-services.ts';

type Services = Pick<CoreServices, 'db' | 'logger'>;
import { pruneRateLimits } from '#server/rate-limits/rate-limit.ts';
import { pruneAudit } from './audit-log.ts';
import { pruneExpiredSessions } from './session-store.ts';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Spent or expired reset links are kept a day for the audit trail, then removed. */
const RESET_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

export async function pruneAuthRows({ db }: Services, now = new Date()): Promise<void> {
  await pruneExpiredSessions(db, now);
  await db
    .deleteFrom('passwordResetTokens')
    .where('expiresAt', '<=', new Date(now.getTime() - RESET_TOKEN_RETENTION_MS).toISOString())
    .execute();
  await pruneRateLimits(db, now);
  // The audit log keeps a year (common/audit.ts).
  await pruneAudit(db, now);
}

/** Prunes now, then every hour; the timer does not keep the process alive. */
export function startAuthHousekeeping(services: Services): NodeJS.Timeout {
  const run = () => pruneAuthRows(services).catch((error: unknown) => services.logger.error({ err: error }, 'pruning auth rows failed'));
  void run();
  const timer = setInterval(run, PRUNE_INTERVAL_MS);
  timer.unref();
  return timer;
}
