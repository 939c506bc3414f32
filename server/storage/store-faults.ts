/**
 * Tells a store that cannot take bytes right now (its disk is full, over quota or mounted read-only)
 * from a fault in our own code. Nothing the caller did wrong and nothing a retry in a second mends:
 * the HTTP layer answers 503 with a longer Retry-After than the database's, and the operator is told
 * through the log.
 */

// ENOSPC: no space left; EDQUOT: the user's quota is used up; EROFS: the file system went read-only
// (the kernel does that to a disk with errors). A bucket full in MinIO answers XMinioStorageFull / 507.
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);
const FULL_NAMES = new Set(['XMinioStorageFull']);
const INSUFFICIENT_STORAGE = 507;

interface StoreError {
  code?: unknown;
  name?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  cause?: unknown;
}

function isFullOne(error: StoreError): boolean {
  if (typeof error.code === 'string' && FULL_CODES.has(error.code)) return true;
  if (typeof error.name === 'string' && FULL_NAMES.has(error.name)) return true;
  return error.$metadata?.httpStatusCode === INSUFFICIENT_STORAGE;
}

/** True when the error (or one it was caused by) says the store has no room or cannot be written. */
export function isStoreFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (isFullOne(current as StoreError)) return true;
    current = (current as StoreError).cause;
  }
  return false;
}

/**
 * How long a client should wait when the store is full or cannot be reached: someone has to free
 * space or bring the bucket back, and every retry of an upload sends its whole body again.
 */
export const STORE_RETRY_AFTER_SECONDS = 30;
