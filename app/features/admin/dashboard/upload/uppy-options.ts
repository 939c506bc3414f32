import { ALLOWED_AUDIO_EXTENSIONS, MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS } from '#common/samples.ts';

/** The audio upload rules: one file, these types, at most 50485760 bytes, never auto-starting. */
export const UPPY_RESTRICTIONS = {
  maxNumberOfFiles: 1,
  allowedFileTypes: [...ALLOWED_AUDIO_EXTENSIONS],
  maxFileSize: MAX_AUDIO_BYTES,
};

export const UPLOAD_NOTE = `One audio file: MP3, WAV, M4A, AAC or FLAC, up to 50 MB and ${MAX_AUDIO_SECONDS / 60} minutes`;
