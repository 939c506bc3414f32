import type { ObjectStore } from './object-store.ts';

/** A bucket that does not answer HEAD in this time is not ready: readiness probes time out in seconds. */
const CHECK_TIMEOUT_MS = 2_000;
/** One check per instance at most this often, however often /readyz is asked: it is public. */
const CHECK_CACHE_MS = 5_000;

export interface StoreReadiness {
  /** True when the store took its check within the last few seconds (one check runs at a time). */
  isReady(): Promise<boolean>;
}

/**
 * The object store's part of readiness (`GET /readyz`): the local folder takes a write, the bucket
 * answers HEAD. The answer is kept a few seconds, and callers arriving while a check runs share it,
 * so the probe cannot be used to hammer the bucket.
 */
export function storeReadiness(
  store: Pick<ObjectStore, 'checkReady'>,
  onFailure: (error: unknown) => void,
  now: () => number = Date.now,
): StoreReadiness {
  let last: { at: number; answer: Promise<boolean> } | null = null;
  return {
    isReady() {
      if (last && now() - last.at < CHECK_CACHE_MS) return last.answer;
      const answer = store.checkReady(CHECK_TIMEOUT_MS).then(
        () => true,
        (error: unknown) => {
          onFailure(error);
          return false;
        },
      );
      last = { at: now(), answer };
      return answer;
    },
  };
}
