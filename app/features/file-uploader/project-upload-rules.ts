import { RECOVERY_BLOB_MAX_BYTES } from '#common/uploads.ts';
import { MAX_PROJECT_FILE_BYTES } from '#common/projects.ts';

/**
 * What a project takes: any common audio format, or a ZIP of them (clients zip one folder per song).
 * By extension, since browsers name AIFF and Opus files with differing MIME types or none.
 */
export const PROJECT_FILE_EXTENSIONS = ['.wav', '.aif', '.aiff', '.flac', '.mp3', '.m4a', '.aac', '.ogg', '.opus', '.zip'] as const;

/**
 * The limit as a client reads it. MAX_PROJECT_FILE_BYTES is 5 GiB, which the site's decimal
 * formatter would write "5.4 GB": the round figure is what was promised and stays true.
 */
export const PROJECT_FILE_SIZE_LIMIT = '5 GB';

export const PROJECT_UPLOAD_NOTE = `WAV, AIFF, FLAC, MP3, M4A, AAC, OGG, Opus or ZIP, up to ${PROJECT_FILE_SIZE_LIMIT} each`;

export const PROJECT_UPPY_RESTRICTIONS = {
  allowedFileTypes: [...PROJECT_FILE_EXTENSIONS] as string[],
  maxFileSize: MAX_PROJECT_FILE_BYTES,
  // An empty file is refused when it is added, before any byte is sent (the server refuses it too).
  minFileSize: 1,
};

export const PROJECT_UPPY_LOCALE = {
  strings: {
    exceedsSize: `%{file} is larger than ${PROJECT_FILE_SIZE_LIMIT}`,
    inferiorSize: 'This file is empty (0 bytes): choose it again from its folder',
  },
  pluralize: (count: number) => (count === 1 ? 0 : 1),
};

/**
 * Golden Retriever keeps files up to this size whole in IndexedDB, so a reload resumes them without
 * asking; a larger one (a 2 GB stem folder) is remembered by name and its finished parts, and the
 * Dashboard asks for the file again to continue where it stopped.
 */
export const PROJECT_RECOVERY_STORE = { maxFileSize: RECOVERY_BLOB_MAX_BYTES, maxTotalSize: RECOVERY_BLOB_MAX_BYTES * 4 };
