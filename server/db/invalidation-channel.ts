import type { Logger } from '#server/logger.ts';
import type { DatabaseHandle } from './connection.ts';
import { startInvalidationListener, type ListenerTimings } from './invalidation-listener.ts';

/**
 * What a subscriber is told: a change was made (here, or by another instance that waits for this one),
 * or changes may have gone unheard (the listening connection was lost or made again).
 */
export type CacheNotice = 'changed' | 'unheard';

/**
 * A subscriber may answer a promise for a change: the writer waits for it (with the other instances'
 * confirmations), so a cache can make its copies again while serving the old ones (decision 111).
 */
export type CacheSubscriber = (notice: CacheNotice) => void | Promise<void>;

/**
 * Tells every instance of the site that data changed, so each one drops what it cached (rendered
 * pages, and anything else that subscribes). One per process, opened next to the database.
 */
export interface InvalidationChannel {
  /** Runs this instance's subscribers now and tells the other instances; resolves when all are done. Never rejects. */
  publish(): Promise<void>;
  /** Called on every change, here or elsewhere, and whenever changes may have gone unheard. */
  subscribe(onInvalidate: CacheSubscriber): () => void;
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
  const subscribers = new Set<CacheSubscriber>();
  const failed = (error: unknown) => logger.error({ err: error }, 'a cache could not be cleared');
  const invalidate = async (notice: CacheNotice): Promise<void> => {
    const pending: Array<Promise<void>> = [];
    for (const subscriber of [...subscribers]) {
      try {
        const answer = subscriber(notice);
        if (answer instanceof Promise) pending.push(answer.catch(failed));
      } catch (error) {
        failed(error);
      }
    }
    await Promise.all(pending);
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
      await Promise.all([invalidate('changed'), listener?.notifyOthers()]);
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
