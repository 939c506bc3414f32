import { OBJECT_PATH_PATTERN } from './object-keys.ts';
import type { EncodedPeaks } from './peaks.ts';
import { recordIdSchema } from './record-id.ts';
import { safeText } from './text.ts';
import { z } from './zod.ts';

import { formatFileSize } from './file-size.ts';

/**
 * The one size limit of a sample's audio, shared by the admin's uploader, the multipart routes, the
 * single PUT and registration: 500 MB, room for a 24-bit master of the longest sample (20 minutes at
 * 96 kHz stereo is about 690 MB as WAV, about half of it as FLAC). Decision 088.
 */
export const MAX_AUDIO_BYTES = 500_000_000;
/**
 * The most one request may carry: the single PUT of `POST /api/objects/upload` (kept for small files
 * and API callers, and for the proxies in docs/deploy.md, which let bodies through up to 60 MB).
 * Larger files go in parts through /api/uploads, up to MAX_AUDIO_BYTES.
 */
export const MAX_SINGLE_PUT_AUDIO_BYTES = 50_485_760;
/** The limit as people read it ("500 MB"), in the uploader's note and every refusal. */
export const AUDIO_SIZE_LIMIT = formatFileSize(MAX_AUDIO_BYTES);
/** A file over the limit: the limit, and the way to fit a lossless master under it. */
export const AUDIO_TOO_LARGE_MESSAGE =
  `The file is larger than ${AUDIO_SIZE_LIMIT}, the most a sample may be. ` + 'Save it as FLAC: lossless, and about half the size of WAV.';
/**
 * The longest audio accepted (20 minutes), judged from the file's headers at registration: longer
 * files would cost the server's analysis too much memory and time. The admin uploader says so too.
 */
export const MAX_AUDIO_SECONDS = 20 * 60;
export const AUDIO_TOO_LONG_MESSAGE = `The audio is longer than ${MAX_AUDIO_SECONDS / 60} minutes, the longest a sample may be`;
/** By extension, since browsers give AIFF files differing MIME types or none; the server judges the bytes. */
export const ALLOWED_AUDIO_EXTENSIONS = ['.wav', '.aif', '.aiff', '.flac', '.mp3', '.m4a', '.aac'] as const;
/** The formats as the uploader lists them. */
export const AUDIO_FORMAT_NAMES = 'WAV, AIFF, FLAC, MP3, M4A or AAC';
/** A single PUT over its limit: where larger files go. */
export const SINGLE_PUT_TOO_LARGE_MESSAGE =
  `The file is larger than ${formatFileSize(MAX_SINGLE_PUT_AUDIO_BYTES)}, the most one request may carry: ` +
  `send it in parts through /api/uploads (up to ${AUDIO_SIZE_LIMIT})`;
/** A file whose first bytes are none of those formats (a renamed document, a video). */
export const NOT_AUDIO_MESSAGE = `The file is not audio: send ${AUDIO_FORMAT_NAMES}`;
export const LATEST_SAMPLES_COUNT = 6;
/** A sample's duration as people write it (3:45, 12:05, 1:02:30); the form's `pattern` uses the same rule. */
export const DURATION_PATTERN = '(\\d{1,2}:)?\\d{1,3}:[0-5]\\d';

// An empty or blank optional field means "not given", as the admin form omits empty fields.
const optionalText = (max: number, label: string, options: { multiline?: boolean } = {}) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value === null ? undefined : value),
    safeText(z.string(), label, options).trim().max(max, `${label} must be at most ${max} characters`).optional(),
  );

/** An absolute https URL without credentials. Which hosts are allowed depends on the server's config (MEDIA_HOSTS). */
function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.username === '' && url.password === '' && /^https:\/\/[^/\\]/i.test(value);
}

/**
 * A path on this site: one leading slash (two would name another host: `//evil.example/x`), plain
 * segments, no `..`, no backslash.
 */
function isSitePath(value: string): boolean {
  return /^(\/[\w\-.]+)+\/?$/.test(value) && !value.split('/').includes('..');
}

export const MEDIA_URL_MESSAGES = {
  coverImageUrl: 'Cover image URL must be a path on this site or an https URL',
  audioUrl: 'Audio URL must be an uploaded audio file (/objects/uploads/...) or an https URL',
  /** Said by the server, which knows the allowed hosts. */
  hostNotAllowed: 'This host is not allowed for media; add it to MEDIA_HOSTS on the server',
} as const;

export const sampleInputSchema = z.object({
  title: safeText(z.string({ error: 'Title is required' }), 'Title')
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  artist: optionalText(200, 'Artist'),
  genre: optionalText(60, 'Genre'),
  description: optionalText(2000, 'Description', { multiline: true }),
  duration: optionalText(10, 'Duration').refine(
    (value) => value === undefined || new RegExp(`^${DURATION_PATTERN}$`).test(value),
    'Duration must look like 3:45',
  ),
  coverImageUrl: optionalText(2048, 'Cover image URL').refine(
    (value) => value === undefined || isHttpsUrl(value) || isSitePath(value),
    MEDIA_URL_MESSAGES.coverImageUrl,
  ),
  audioUrl: safeText(z.string({ error: 'Audio file is required' }), 'Audio URL')
    .trim()
    .min(1, 'Audio file is required')
    .max(2048, 'Audio URL is too long')
    .refine((value) => OBJECT_PATH_PATTERN.test(value) || isHttpsUrl(value), MEDIA_URL_MESSAGES.audioUrl),
});

export type SampleInput = z.infer<typeof sampleInputSchema>;

export const reorderSchema = z.object({
  sampleOrders: z
    .array(
      z.object({
        // Database ids are 32-bit: a larger number would be refused by PostgreSQL with a 500, not a 400.
        id: recordIdSchema('id must be a sample id'),
        displayOrder: z.number({ error: 'displayOrder must be a number' }).int().min(0).max(1_000_000),
      }),
      { error: 'sampleOrders must be a list of {id, displayOrder}' },
    )
    .min(1, 'sampleOrders must not be empty')
    .max(1000)
    .refine((orders) => new Set(orders.map((o) => o.id)).size === orders.length, 'Each sample may appear only once'),
});

export const registerAudioSchema = z.object({
  audioFileURL: safeText(z.string({ error: 'audioFileURL is required' }), 'audioFileURL')
    .trim()
    .min(1, 'audioFileURL is required')
    .max(4096),
});

/** A sample as both list endpoints return it. */
export interface PublicSample {
  id: number;
  title: string;
  artist: string | null;
  genre: string | null;
  description: string | null;
  audioUrl: string;
  coverImageUrl: string | null;
  duration: string | null;
  displayOrder: number;
  /** From server analysis; null until analysed or when the file could not be decoded. */
  durationSeconds: number | null;
  /**
   * The waveform from server analysis: about 1000 peaks, one byte each, base64 encoded (common/peaks.ts
   * decodes it to numbers in 0..1). Null until analysed, or when the file could not be decoded here.
   */
  peaks: EncodedPeaks | null;
  /** Made by the demo seed and not yet given other audio: the admin asks the owner to replace it. */
  isDemo: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the home page's featured block needs (GET /api/samples/latest/6). */
export type FeaturedSample = Pick<
  PublicSample,
  'id' | 'title' | 'artist' | 'genre' | 'duration' | 'audioUrl' | 'durationSeconds' | 'peaks'
>;

export { formatTime } from './format-time.ts';

/** How long a deleted sample stays in the admin's trash, restorable, before it is removed for good. */
export const SAMPLE_TRASH_RETENTION_DAYS = 30;

/** A sample in the trash (GET /api/samples/trash): enough to recognise it and to know when it goes. */
export interface TrashedSample {
  id: number;
  title: string;
  artist: string | null;
  deletedAt: string;
  /** When the purge removes it and its audio for good. */
  purgeAt: string;
}

/** Days covered by the admin's recent play count (today included). */
export const RECENT_PLAYS_DAYS = 30;

/** Plays of one sample (GET /api/samples/plays, admin only). */
export interface SamplePlayCount {
  sampleId: number;
  total: number;
  /** Plays in the last RECENT_PLAYS_DAYS UTC days, today included. */
  recent: number;
}
