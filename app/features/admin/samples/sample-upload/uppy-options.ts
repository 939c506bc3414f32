import { formatFileSize } from '#common/file-size.ts';
import { ALLOWED_AUDIO_EXTENSIONS, MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS } from '#common/samples.ts';

/** The audio upload rules: one file, these types, at most 50485760 bytes, never auto-starting. */
export const UPPY_RESTRICTIONS = {
  maxNumberOfFiles: 1,
  allowedFileTypes: [...ALLOWED_AUDIO_EXTENSIONS],
  maxFileSize: MAX_AUDIO_BYTES,
};

/** The limit as people read it, the same in the form, the dialog's note and its refusal. */
export const AUDIO_SIZE_LIMIT = formatFileSize(MAX_AUDIO_BYTES);

export const UPLOAD_NOTE = `One audio file: MP3, WAV, M4A, AAC or FLAC, up to ${AUDIO_SIZE_LIMIT} and ${MAX_AUDIO_SECONDS / 60} minutes`;

/** Uppy writes sizes in binary units ("48 MB" for this limit): its refusal says the form's number instead. */
export const UPPY_LOCALE = {
  strings: { exceedsSize: `%{file} exceeds maximum allowed size of ${AUDIO_SIZE_LIMIT}` },
  pluralize: (count: number) => (count === 1 ? 0 : 1),
};

/** The dialog's accessible name (Uppy names only its outer wrapper, not the dialog itself). */
export const UPLOAD_DIALOG_NAME = 'Upload audio file';

/** Golden Retriever keeps the file itself in IndexedDB up to the upload limit, so a reload restores it whole. */
export const RECOVERY_STORE = { maxFileSize: MAX_AUDIO_BYTES, maxTotalSize: MAX_AUDIO_BYTES * 2 };
