import type { Logger } from '#server/logger.ts';

const pending = new Set<Promise<void>>();

/**
 * Work the caller must not wait for (sending a reset e-mail), so the answer and its timing are the
 * same whether or not an account exists. Failures are logged, never thrown at the client.
 */
export function runInBackground(logger: Logger, label: string, work: () => Promise<void>): void {
  const task = (async () => {
    try {
      await work();
    } catch (error) {
      logger.error({ err: error }, `${label} failed`);
    }
  })();
  pending.add(task);
  void task.finally(() => pending.delete(task));
}

/** Resolves once every background task started so far has finished (tests, graceful shutdown). */
export async function settleBackgroundWork(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
