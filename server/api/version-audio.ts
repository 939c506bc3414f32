import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { ListeningCopyState } from '#common/review.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseByteRange } from '#server/http/byte-range.ts';
import type { VersionRow } from '#server/projects/review/review-views.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';

const AUDIO_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
};

/** Seconds a player waits before asking again for a copy being prepared. */
const PREPARING_RETRY_SECONDS = 5;

/**
 * What the client, a collaborator and a review link hear of a version: its listening copy only
 * (decision 101), never the original, whatever the delivery lock says. Until the copy exists the
 * answer is 409 with the copy's state (`listening`: being prepared, and how far); a version whose
 * copy cannot be made (undecodable here, or removed) is 404.
 */
export async function sendListeningCopy(
  req: Request,
  res: Response,
  version: VersionRow,
  listening: ListeningCopyState,
  store: ObjectStore,
  watermarked = false,
): Promise<void> {
  // A review link with the watermark on hears the watermarked copy (decision 101), at its own URL.
  const streamKey = watermarked ? version.watermarkKey : version.streamKey;
  const streamSize = watermarked ? version.watermarkSize : version.streamSize;
  if (streamKey && streamSize !== null) {
    const copy = { size: streamSize, contentType: 'audio/mpeg' };
    await sendVersionAudio(req, res, copy, (range) => store.read(streamKey, range));
    return;
  }
  if (listening.state === 'preparing') {
    throw new HttpError(
      409,
      'This version is being prepared for listening; it plays in a moment',
      undefined,
      {
        'Retry-After': String(PREPARING_RETRY_SECONDS),
      },
      { listening },
    );
  }
  throw new HttpError(404, 'This version cannot be played here');
}

/** The uploaded original as it is: the owner's alone (the admin's review room). */
export async function sendOriginalAudio(req: Request, res: Response, version: VersionRow, store: ObjectStore): Promise<void> {
  const original = { size: Number(version.size), contentType: AUDIO_TYPES[version.format ?? ''] ?? 'application/octet-stream' };
  await sendVersionAudio(req, res, original, (range) => store.read(version.objectKey, range));
}

/**
 * Audio for the review player: inline, with byte ranges (the browser seeks by asking for the part
 * it needs), private to whoever may open the project. Nothing is fetched before play: the waveform
 * comes from the stored peaks.
 */
async function sendVersionAudio(
  req: Request,
  res: Response,
  audio: { size: number; contentType: string },
  read: (range?: { start: number; end: number }) => Promise<Readable>,
): Promise<void> {
  const size = audio.size;
  const range = parseByteRange(req.get('range'), size);
  res.set({
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Type': audio.contentType,
    'Accept-Ranges': 'bytes',
  });
  if (range === 'unsatisfiable') {
    res.status(416).set('Content-Range', `bytes */${size}`).end();
    return;
  }
  if (range) {
    res
      .status(206)
      .set({ 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': String(range.end - range.start + 1) });
  } else {
    res.status(200).set('Content-Length', String(size));
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(await read(range ?? undefined), res).catch((error: unknown) => {
    if (!res.destroyed) throw error;
  });
}
