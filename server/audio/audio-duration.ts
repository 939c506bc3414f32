import { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';
import { AUDIO_CONTENT_TYPES, type AudioFormat } from '#common/audio-format.ts';

/** ADTS frames looked at to estimate an AAC file's length (it has no length header). */
const ADTS_SCAN_BYTES = 64 * 1024;
const ADTS_SAMPLE_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
const ADTS_FRAME_SAMPLES = 1024;

/**
 * How long a file says it is, read from its headers without decoding: WAV's data size and byte
 * rate, FLAC's STREAMINFO sample count, MP3's Xing/VBRI frame count or (constant bit rate) its size
 * over the bit rate, M4A's movie header, and for raw AAC (ADTS) its size over the mean frame length
 * of the first frames. Null when the headers do not tell. Headers can lie: the decoder has its own
 * cut-off (see analyze.ts). `body` is read only as far as the headers; the caller closes it.
 */
export async function readDeclaredDuration(body: Readable, size: number, format: AudioFormat): Promise<number | null> {
  try {
    if (format === 'aac') return estimateAdtsDuration(await readPrefix(body, ADTS_SCAN_BYTES), size);
    // As a byte stream whatever the source: the parser misreads a stream of objects.
    const bytes = body.readableObjectMode ? Readable.from(body, { objectMode: false }) : body;
    const metadata = await parseStream(bytes, { mimeType: AUDIO_CONTENT_TYPES[format], size }, { duration: false, skipCovers: true });
    const seconds = metadata.format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

async function readPrefix(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const bytes = Buffer.from(chunk as Uint8Array);
    chunks.push(bytes);
    length += bytes.length;
    if (length >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/** Walks the ADTS frames in `head`; the file's length follows from its size and their mean length. */
function estimateAdtsDuration(head: Buffer, size: number): number | null {
  let offset = 0;
  let frames = 0;
  let sampleRate = 0;
  while (offset + 7 <= head.length && head[offset] === 0xff && (head[offset + 1] & 0xf6) === 0xf0) {
    const rate = ADTS_SAMPLE_RATES[(head[offset + 2] >> 2) & 0x0f];
    const frameLength = ((head[offset + 3] & 0x03) << 11) | (head[offset + 4] << 3) | (head[offset + 5] >> 5);
    if (!rate || frameLength < 7) break;
    sampleRate = rate;
    const blocks = (head[offset + 6] & 0x03) + 1;
    frames += blocks;
    offset += frameLength;
  }
  if (frames === 0 || offset === 0) return null;
  const meanBytesPerFrame = offset / frames;
  return ((size / meanBytesPerFrame) * ADTS_FRAME_SAMPLES) / sampleRate;
}
