import { PassThrough, type Readable } from 'node:stream';
import { EMPTY_FILE_MESSAGE, MIN_PART_BYTES, type CompleteMultipartInput } from '#common/uploads.ts';
import type { CompletedPart, UploadedPart } from '#server/storage/object-store.ts';

// What the multipart protocol checks of the parts themselves: the list a completion names, and the
// first bytes of a first part (multipart-uploads.ts).

/** The bytes of a first part the check looks at (enough for any container's signature). */
const FIRST_BYTES = 4096;

const unquoted = (etag: string) => etag.replace(/"/g, '');

/** Passes a part's bytes through while keeping its first FIRST_BYTES, for the first-bytes check. */
export function firstBytesOf(body: Readable): { stream: Readable; bytes: () => Uint8Array } {
  const kept: Buffer[] = [];
  let length = 0;
  const stream = new PassThrough({
    transform(chunk: Buffer, _encoding, callback) {
      if (length < FIRST_BYTES) {
        kept.push(chunk.subarray(0, FIRST_BYTES - length));
        length += Math.min(chunk.length, FIRST_BYTES - length);
      }
      callback(null, chunk);
    },
  });
  body.on('error', (error) => stream.destroy(error));
  body.pipe(stream);
  return { stream, bytes: () => Buffer.concat(kept, length) };
}

/**
 * The parts named must be 1..n without gaps, each uploaded with the ETag given; all but the last at
 * least MIN_PART_BYTES; together no larger than the limit.
 */
export function checkParts(
  input: CompleteMultipartInput,
  stored: UploadedPart[],
  maxBytes: number,
): { kind: 'ok'; parts: CompletedPart[] } | { kind: 'invalid'; message: string } | { kind: 'too-large'; maxBytes: number } {
  const named = [...input.parts].sort((a, b) => a.PartNumber - b.PartNumber);
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  const gap = named.findIndex((part, index) => part.PartNumber !== index + 1);
  if (gap !== -1) return { kind: 'invalid', message: `Part ${gap + 1} is missing from the list` };
  for (const part of named) {
    const found = byNumber.get(part.PartNumber);
    if (!found) return { kind: 'invalid', message: `Part ${part.PartNumber} has not been uploaded` };
    if (unquoted(found.etag) !== unquoted(part.ETag))
      return { kind: 'invalid', message: `The ETag of part ${part.PartNumber} does not match` };
  }
  const short = named.slice(0, -1).find((part) => byNumber.get(part.PartNumber)!.size < MIN_PART_BYTES);
  if (short) return { kind: 'invalid', message: `Part ${short.PartNumber} is smaller than 5 MiB; only the last part may be` };
  const total = named.reduce((sum, part) => sum + byNumber.get(part.PartNumber)!.size, 0);
  if (total === 0) return { kind: 'invalid', message: EMPTY_FILE_MESSAGE };
  if (total > maxBytes) return { kind: 'too-large', maxBytes };
  return { kind: 'ok', parts: named.map((part) => ({ partNumber: part.PartNumber, etag: byNumber.get(part.PartNumber)!.etag })) };
}
