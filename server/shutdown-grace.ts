/**
 * How long a stopping server may take after SIGTERM: requests in flight get SHUTDOWN_GRACE_MS, then
 * queued e-mails BACKGROUND_WORK_GRACE_MS. Process managers must wait at least the sum before they
 * kill (compose.yaml's stop_grace_period, checked by scripts/lint-containers.ts; docs/deploy.md).
 */
export const SHUTDOWN_GRACE_MS = 10_000;
export const BACKGROUND_WORK_GRACE_MS = 5_000;
/** The longest a clean stop takes, closing the database included (a few hundred ms at most). */
export const LONGEST_STOP_MS = SHUTDOWN_GRACE_MS + BACKGROUND_WORK_GRACE_MS;
