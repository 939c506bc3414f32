import { formatTime } from '#common/format-time.ts';
import { detectAudioFormat, SIGNATURE_BYTES } from '#common/audio-format.ts';
import { AUDIO_TOO_LARGE_MESSAGE, AUDIO_TOO_LONG_MESSAGE, MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS, NOT_AUDIO_MESSAGE } from '#common/samples.ts';
import { EMPTY_FILE_MESSAGE } from '#common/uploads.ts';

export { SIGNATURE_BYTES };

/**
 * Why a chosen file cannot be a sample's audio, judged in the browser before any byte is sent, with
 * the server's own words (it judges the file again at registration). Null: worth uploading.
 * `seconds` is the length the file's headers declare, when they do.
 */
export function refusalOf(file: { size: number; head: Uint8Array; seconds?: number }): string | null {
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  if (file.size > MAX_AUDIO_BYTES) return AUDIO_TOO_LARGE_MESSAGE;
  if (!detectAudioFormat(file.head.subarray(0, SIGNATURE_BYTES))) return NOT_AUDIO_MESSAGE;
  if (file.seconds !== undefined && file.seconds > MAX_AUDIO_SECONDS)
    return `${AUDIO_TOO_LONG_MESSAGE} (this file is ${formatTime(file.seconds)})`;
  return null;
}

/** An error as the uploader's S3 plugin raises it: the server's words, and the HTTP status when there was one. */
export interface UploadError {
  message?: string;
  source?: { status?: number };
  /** Uppy marks a failed request without an answer (offline, connection reset) this way. */
  isNetworkError?: boolean;
}

/**
 * The one line the owner reads when an upload stops: the server's refusal as it said it (it speaks
 * to people: "The file is empty…", "The file is larger than 500 MB…"), or, when no answer came,
 * what to do about the connection.
 */
export function uploadFailureMessage(error: UploadError | undefined): string {
  const status = error?.source?.status;
  if (error?.isNetworkError || status === 0 || /failed to fetch|network/i.test(error?.message ?? '')) {
    return 'The upload stopped: the connection to the server was lost. Press Retry to continue from where it stopped.';
  }
  if (status !== undefined && status >= 500)
    return 'The server could not take the file just now. Press Retry to continue from where it stopped.';
  return error?.message?.trim() || 'The upload failed. Press Retry to try again.';
}

/** A title from a file name when its tags have none: "Night_Drive-master.wav" → "Night Drive-master". */
export function titleFromFileName(name: string): string {
  return name
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/_+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}
