import { ALLOWED_AUDIO_EXTENSIONS, AUDIO_FORMAT_NAMES, AUDIO_SIZE_LIMIT, MAX_AUDIO_SECONDS } from '#common/samples.ts';
import { RECOVERY_BLOB_MAX_BYTES } from '#common/uploads.ts';

/** The line under the drop area: what the server takes (common/samples.ts holds the numbers). */
export const AUDIO_UPLOAD_NOTE = `${AUDIO_FORMAT_NAMES}, up to ${AUDIO_SIZE_LIMIT} and ${MAX_AUDIO_SECONDS / 60} minutes`;

/** The file picker's filter. By extension: browsers name AIFF with differing MIME types or none. */
export const AUDIO_ACCEPT = ALLOWED_AUDIO_EXTENSIONS.join(',');

/**
 * Golden Retriever keeps a sample's file whole in IndexedDB up to this size (a reload resumes it
 * without asking); a larger one is remembered by name and finished parts, and asked for again.
 */
export const SAMPLE_RECOVERY_STORE = { maxFileSize: RECOVERY_BLOB_MAX_BYTES, maxTotalSize: RECOVERY_BLOB_MAX_BYTES * 2 };
