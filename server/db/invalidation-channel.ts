import type { Logger } from '#server/logger.ts';
import type { DatabaseHandle } from './connection.ts';
import { startInvalidationListener, type ListenerTimings } from './invalidation-listener.ts';

/**
 * Tells every instance of the site that data changed, so each one drops what it cached (rendered
 * pages, and anything else that subscribes). One per process, opened next to the database.
 */
export interface InvalidationChannel {
  /** Runs this instance's subscribers now, then tells the other instances. Never rejects. */
  publish(): Promise<void>;
  /** Called on every change, here or elsewhere, and whenever changes may have gone unheard. */
  subscribe(onInvalidate: () => void): () => void;
  /** False while other instances' changes cannot be heard (PostgreSQL listener reconnecting). */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * SQLite serves a single instance, so a change is heard by the process that made it and that is all.
 * On PostgreSQL a dedicated connection LISTENs for the other instances' notices
 * (`invalidation-listener.ts`, decision 035).
 */
export async function openInvalidationChannel(
  database: Pick<DatabaseHandle, 'db' | 'dedicatedClient'>,
  logger: Logger,
  timings: Partial<ListenerTimings> = {},
): Promise<InvalidationChannel> {
  const subscribers = new Set<() => void>();
  const invalidate = () => {
    for (const subscriber of [...subscribers]) {
      try {
        subscriber();
      } catch (error) {
        logger.error({ err: error }, 'a cache could not be cleared');
      }
    }
  };
  const listener = database.dedicatedClient
    ? await startInvalidationListener({
        db: database.db,
        dedicatedClient: database.dedicatedClient,
        logger,
        onInvalidate: invalidate,
        timings,
      })
    : null;
  return {
    async publish() {
      invalidate();
      await listener?.notifyOthers();
    },
    subscribe(onInvalidate) {
      subscribers.add(onInvalidate);
      return () => subscribers.delete(onInvalidate);
    },
    get listening() {
      return listener ? listener.listening : true;
    },
    async close() {
      subscribers.clear();
      await listener?.close();
    },
  };
}
