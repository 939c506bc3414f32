// What every tag reader shares: the answer's shape, the byte reader, the bounds, and text as tags store it.

/** What the upload form fills in from a file's own tags; anything the file does not say is left out. */
export interface AudioTags {
  title?: string;
  artist?: string;
  /** From the headers (sample count, data size, frame count), not from decoding. */
  seconds?: number;
}

/** Reads `length` bytes at `offset` (fewer at the end of the file): a Blob slice in the browser, a Buffer in tests. */
export type ReadBytes = (offset: number, length: number) => Promise<Uint8Array>;

/** A tag block larger than this (cover art in ID3 or a FLAC picture) is read no further: titles sit first. */
export const MAX_TAG_BYTES = 512 * 1024;
/** Chunks or boxes walked before giving up on a damaged file. */
export const MAX_CHUNKS = 200;

export const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
export const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Text as tags store it: NULs and surrounding spaces dropped, nothing at all when empty. */
export function clean(text: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const trimmed = text.replace(/\u0000+/g, ' ').trim();
  return trimmed === '' ? undefined : trimmed;
}

/** UTF-8 when it is valid (most tools write it), else Latin-1 (older RIFF and ID3 tags). */
export function decodeText(bytes: Uint8Array): string | undefined {
  try {
    return clean(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return clean(new TextDecoder('latin1').decode(bytes));
  }
}

export const positive = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);

export function merge(...parts: AudioTags[]): AudioTags {
  const merged: AudioTags = {};
  for (const part of parts) {
    merged.title ??= part.title;
    merged.artist ??= part.artist;
    merged.seconds ??= part.seconds;
  }
  for (const key of Object.keys(merged) as (keyof AudioTags)[]) if (merged[key] === undefined) delete merged[key];
  return merged;
}
