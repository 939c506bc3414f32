import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { parseByteRange } from '#server/http/byte-range.ts';
import type { VersionRow } from '#server/projects/review/review-views.ts';

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

/**
 * A version's audio for the review player: inline, with byte ranges (the browser seeks by asking for
 * the part it needs), private to whoever may open the project. Nothing is fetched before play: the
 * waveform comes from the stored peaks.
 */
export async function sendVersionAudio(
  req: Request,
  res: Response,
  version: VersionRow,
  read: (range?: { start: number; end: number }) => Promise<Readable>,
): Promise<void> {
  const size = Number(version.size);
  const range = parseByteRange(req.get('range'), size);
  res.set({
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Type': AUDIO_TYPES[version.format ?? ''] ?? 'application/octet-stream',
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
