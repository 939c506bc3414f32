import { stat } from 'node:fs/promises';
import { parseFile } from 'music-metadata';
import { indexAfterSamples } from './analyze.ts';
import { fourCC, withFileBytes, type FileBytes } from './file-bytes.ts';
import { readMpegFacts } from './mpeg-audio.ts';
import type { ContainerFacts } from './header-facts.ts';
import { readAiffFacts, readWavFacts } from './pcm-containers.ts';

const ID3_HEADER_BYTES = 10;
/** Bytes that tell the formats apart (after any ID3v2 tag). */
const SIGNATURE_BYTES = 16;

/**
 * Reads the headers of a file as a client sent it: which audio format it is, and what its headers
 * tell. Null when it is not audio read here (a ZIP, a PDF, text). Reads a few kilobytes wherever
 * the headers are, never the whole file.
 */
export async function readContainerFacts(filePath: string): Promise<ContainerFacts | null> {
  const facts = await withFileBytes(filePath, async (bytes) => {
    const audioStart = await skipId3(bytes);
    const head = await bytes.read(audioStart, SIGNATURE_BYTES);
    if (head.length < 4) return null;
    const magic = fourCC(head, 0);
    const form = head.length >= 12 ? fourCC(head, 8) : '';
    if (['RIFF', 'RF64', 'BW64'].includes(magic) && form === 'WAVE' && audioStart === 0) return readWavFacts(bytes);
    if (magic === 'FORM' && (form === 'AIFF' || form === 'AIFC') && audioStart === 0) return readAiffFacts(bytes);
    if (magic === 'fLaC') return readFlacFacts(bytes, audioStart);
    if (magic === 'OggS') return 'ogg' as const;
    if (head.length >= 8 && fourCC(head, 4) === 'ftyp') return 'm4a' as const;
    if (head[0] === 0xff && (head[1] & 0xf6) === 0xf0) return 'aac' as const;
    return readMpegFacts(bytes, audioStart);
  });
  return typeof facts === 'string' ? readTaggedFacts(filePath, facts) : facts;
}

/** Where the audio starts after any ID3v2 tags (MP3, and sometimes AAC and FLAC, carry them first). */
async function skipId3(bytes: FileBytes): Promise<number> {
  let offset = 0;
  for (let tags = 0; tags < 4; tags++) {
    const header = await bytes.read(offset, ID3_HEADER_BYTES);
    if (header.length < ID3_HEADER_BYTES || header.toString('latin1', 0, 3) !== 'ID3') break;
    // A syncsafe size: seven bits a byte.
    const size = ((header[6] & 0x7f) << 21) | ((header[7] & 0x7f) << 14) | ((header[8] & 0x7f) << 7) | (header[9] & 0x7f);
    const footer = header[5] & 0x10 ? ID3_HEADER_BYTES : 0;
    offset += ID3_HEADER_BYTES + size + footer;
  }
  return offset;
}

/** FLAC's STREAMINFO, the first metadata block: rate, channels, bits per sample, total samples. */
async function readFlacFacts(bytes: FileBytes, flacStart: number): Promise<ContainerFacts | null> {
  const block = await bytes.read(flacStart + 4, 4 + 34);
  if (block.length < 38 || (block[0] & 0x7f) !== 0) return null;
  const info = block.subarray(4);
  const sampleRate = (info[10] << 12) | (info[11] << 4) | (info[12] >> 4);
  const channels = ((info[12] >> 1) & 7) + 1;
  const bitDepth = (((info[12] & 1) << 4) | (info[13] >> 4)) + 1;
  const totalSamples = (info[13] & 0x0f) * 2 ** 32 + info.readUInt32BE(14);
  return {
    format: 'flac',
    sampleRate: sampleRate || null,
    bitDepth,
    channels,
    bitrateKbps: null,
    durationSeconds: sampleRate && totalSamples ? totalSamples / sampleRate : null,
    decode: sampleRate ? { format: 'flac', source: { start: flacStart } } : null,
  };
}

/** MP4/M4A, raw AAC (ADTS) and Ogg, read by music-metadata (it seeks past the samples to an index at the end). */
async function readTaggedFacts(filePath: string, container: 'm4a' | 'aac' | 'ogg'): Promise<ContainerFacts | null> {
  let format;
  try {
    ({ format } = await parseFile(filePath, { duration: false, skipCovers: true }));
  } catch {
    return null;
  }
  if (!format.sampleRate && !format.numberOfChannels) return null;
  const codec = (format.codec ?? '').toLowerCase();
  const lossless = format.lossless === true;
  const kind = container === 'ogg' && codec.includes('opus') ? 'opus' : container;
  return {
    format: kind,
    sampleRate: format.sampleRate ?? null,
    bitDepth: lossless ? (format.bitsPerSample ?? null) : null,
    channels: format.numberOfChannels ?? null,
    bitrateKbps: !lossless && format.bitrate ? Math.round(format.bitrate / 1000) : null,
    durationSeconds: format.duration && Number.isFinite(format.duration) ? format.duration : null,
    decode: await taggedDecoder(filePath, kind, codec),
    // Opus headers give no bitrate: the file's size over its decoded length does.
    ...(!lossless && !format.bitrate ? { encodedBytes: (await stat(filePath)).size } : {}),
  };
}

async function taggedDecoder(filePath: string, kind: string, codec: string): Promise<ContainerFacts['decode']> {
  // An MP4 whose index follows its samples is held whole by its decoder (see indexAfterSamples).
  if (kind === 'm4a') return (await indexAfterSamples(filePath)) ? null : { format: 'm4a', source: {} };
  if (kind === 'aac') return { format: 'aac', source: {} };
  if (kind === 'opus') return { format: 'opus', source: {} };
  return codec.includes('vorbis') ? { format: 'oga', source: {} } : null;
}
