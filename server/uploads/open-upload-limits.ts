import { MAX_PROJECT_FILE_BYTES } from '#common/projects.ts';
import { MAX_PARTS, MIN_PART_BYTES } from '#common/uploads.ts';

/**
 * How much unfinished upload one caller, and one project, may hold at once (decision 083). An upload
 * is **open** from its start until it is joined or aborted; its bytes are the size it declared at the
 * start, or its limit when it declared none (the most it may become).
 */

/**
 * Open uploads per caller. The uploader runs 6 requests at once and starts a new file only when no
 * part is waiting, so a real batch holds a handful open; 20 leaves room for paused files besides.
 */
export const MAX_OPEN_UPLOADS_PER_CALLER = 20;
/** Open uploads per project: the invited client and the studio together, with room for a second admin. */
export const MAX_OPEN_UPLOADS_PER_PROJECT = 50;
/**
 * Declared bytes of one caller's open uploads: four of the largest files at once (about 21 GB), far
 * beyond a session's stems, and a bound on the disk an unfinished batch can hold.
 */
export const MAX_OPEN_BYTES_PER_CALLER = 4 * MAX_PROJECT_FILE_BYTES;
/** Declared bytes of one project's open uploads: a client's full allowance and two largest deliveries beside it. */
export const MAX_OPEN_BYTES_PER_PROJECT = 6 * MAX_PROJECT_FILE_BYTES;
/**
 * An open upload with no part signed or received for this long is idle (paused, or its tab closed):
 * it is aborted to make room when its caller, or its project, is at a bound. A moving upload signs a
 * part at least every few minutes (a 5 MB part takes under a minute at 1 Mbit/s), so an hour is not
 * a slow link; untouched uploads still go with the daily sweep.
 */
export const IDLE_UPLOAD_MS = 60 * 60 * 1000;
/** Told to a caller refused for too many open uploads: a minute lets a running upload finish or fail. */
export const OPEN_UPLOADS_RETRY_AFTER_SECONDS = 60;

/**
 * The most parts an upload of `bytes` can have: every part but the last holds at least
 * MIN_PART_BYTES (the uploader cuts max(5 MiB, size / 10,000)), so no honest uploader asks for more.
 */
export function maxPartsFor(bytes: number): number {
  return Math.min(MAX_PARTS, Math.max(1, Math.ceil(bytes / MIN_PART_BYTES)));
}
