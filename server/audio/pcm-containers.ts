import type { ContainerFacts } from './header-facts.ts';
import { fourCC, type FileBytes } from './file-bytes.ts';

/*
 * WAV (RIFF, RF64/BW64) and AIFF/AIFF-C headers, read chunk by chunk with positioned reads. Besides
 * the facts, each answers where the samples are and a plain header to put in front of them, so the
 * decoder reads only the samples (never a trailing chunk as sound) whatever order the chunks come
 * in, and an RF64 file (over 4 GB) decodes like a small WAV.
 */

/** Chunks walked before giving up: real files have a handful. */
const MAX_CHUNKS = 1000;
const UNKNOWN_SIZE = 0xffffffff;

const WAVE_PCM = 1;
const WAVE_ADPCM = 2;
const WAVE_FLOAT = 3;
const WAVE_ALAW = 6;
const WAVE_MULAW = 7;
const WAVE_IMA_ADPCM = 0x11;
const WAVE_EXTENSIBLE = 0xfffe;
/** Encodings the WAV decoder knows. */
const DECODED_WAVE_TAGS = new Set([WAVE_PCM, WAVE_FLOAT, WAVE_ALAW, WAVE_MULAW, WAVE_ADPCM, WAVE_IMA_ADPCM]);

interface Chunk {
  id: string;
  /** Where the chunk's body starts. */
  body: number;
  size: number;
}

/** The chunks after a 12-byte RIFF/FORM header; `littleEndian` for RIFF, big for FORM. */
async function* chunks(bytes: FileBytes, littleEndian: boolean): AsyncGenerator<Chunk> {
  let offset = 12;
  for (let count = 0; count < MAX_CHUNKS && offset + 8 <= bytes.size; count++) {
    const header = await bytes.read(offset, 8);
    if (header.length < 8) return;
    const size = littleEndian ? header.readUInt32LE(4) : header.readUInt32BE(4);
    yield { id: fourCC(header, 0), body: offset + 8, size };
    // Both formats pad chunks to an even length.
    offset += 8 + size + (size & 1);
  }
}

export async function readWavFacts(bytes: FileBytes): Promise<ContainerFacts | null> {
  const riff = fourCC(await bytes.read(0, 4), 0);
  let fmt: Buffer | null = null;
  let ds64DataSize: number | null = null;
  for await (const chunk of chunks(bytes, true)) {
    if (chunk.id === 'ds64') {
      const body = await bytes.read(chunk.body, 28);
      if (body.length >= 16) ds64DataSize = Number(body.readBigUInt64LE(8));
    } else if (chunk.id === 'fmt ') {
      fmt = await bytes.read(chunk.body, Math.min(chunk.size, 64));
      if (fmt.length < 16) return null;
    } else if (chunk.id === 'data') {
      if (!fmt) return null;
      return wavFacts(fmt, chunk.body, dataSize(riff, chunk, ds64DataSize, bytes.size), bytes.size);
    }
  }
  return null;
}

function dataSize(riff: string, chunk: Chunk, ds64DataSize: number | null, fileSize: number): number {
  if (riff !== 'RIFF' && chunk.size === UNKNOWN_SIZE && ds64DataSize !== null) return ds64DataSize;
  // 0 and 0xFFFFFFFF mark a file written while recording; samples then run to the end.
  if (chunk.size === 0 || chunk.size === UNKNOWN_SIZE) return fileSize - chunk.body;
  // A plain RIFF file over 4 GB (some writers do it) has its sizes wrapped: the rest of the file is the samples.
  if (fileSize - chunk.body > 2 ** 32) return fileSize - chunk.body;
  return chunk.size;
}

function wavFacts(fmt: Buffer, dataStart: number, declaredDataBytes: number, fileSize: number): ContainerFacts {
  let tag = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const sampleRate = fmt.readUInt32LE(4);
  const byteRate = fmt.readUInt32LE(8);
  const blockAlign = fmt.readUInt16LE(12);
  let bits = fmt.readUInt16LE(14);
  if (tag === WAVE_EXTENSIBLE && fmt.length >= 26) {
    const validBits = fmt.readUInt16LE(18);
    if (validBits > 0) bits = validBits;
    tag = fmt.readUInt16LE(24);
  }
  const pcm = tag === WAVE_PCM || tag === WAVE_FLOAT;
  const companded = tag === WAVE_ALAW || tag === WAVE_MULAW;
  const dataEnd = Math.min(fileSize, dataStart + declaredDataBytes);
  const usable = channels > 0 && sampleRate > 0 && blockAlign > 0;
  const decodable = usable && DECODED_WAVE_TAGS.has(tag);
  return {
    format: 'wav',
    sampleRate: sampleRate || null,
    bitDepth: pcm ? bits || null : companded ? 8 : null,
    channels: channels || null,
    // ADPCM, MPEG and the like in a WAV are lossy: their bitrate is what the header says.
    bitrateKbps: pcm || companded || !byteRate ? null : Math.round((byteRate * 8) / 1000),
    durationSeconds: usable && byteRate > 0 ? (dataEnd - dataStart) / byteRate : null,
    decode: decodable
      ? { format: 'wav', source: { header: plainWavHeader(fmt, tag, channels, blockAlign), start: dataStart, end: dataEnd } }
      : null,
    // Writers fill a compressed WAV's byte rate loosely: its size over the decoded length tells.
    ...(pcm || companded ? {} : { encodedBytes: dataEnd - dataStart }),
  };
}

/**
 * A RIFF header with the file's format and a data chunk of unknown size, to precede the samples.
 * Integer and float samples get a plain format chunk whose bit depth is the container's (a 20-bit
 * file stores 3 bytes a sample); ADPCM keeps its own, which its decoder needs whole.
 */
function plainWavHeader(fmt: Buffer, tag: number, channels: number, blockAlign: number): Buffer {
  let body = fmt;
  if (tag !== WAVE_ADPCM && tag !== WAVE_IMA_ADPCM) {
    body = Buffer.from(fmt.subarray(0, 16));
    body.writeUInt16LE(tag, 0);
    body.writeUInt16LE((blockAlign / channels) * 8, 14);
  }
  const header = Buffer.alloc(12 + 8 + body.length + 8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(UNKNOWN_SIZE, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(body.length, 16);
  body.copy(header, 20);
  header.write('data', 20 + body.length, 'latin1');
  header.writeUInt32LE(UNKNOWN_SIZE, 24 + body.length);
  return header;
}

/**
 * Compression types of AIFF-C the decoder reads sample by sample (ima4 and GSM it would hold whole).
 * in24 and in32 are big-endian integers like NONE: the rebuilt header calls them that.
 */
const STREAMED_AIFC = new Set(['NONE', 'twos', 'sowt', 'in24', 'in32', 'fl32', 'FL32', 'fl64', 'FL64', 'alaw', 'ulaw', 'ULAW']);
const BIG_ENDIAN_INTEGERS = new Set(['NONE', 'twos', 'in24', 'in32']);

export async function readAiffFacts(bytes: FileBytes): Promise<ContainerFacts | null> {
  const form = fourCC(await bytes.read(0, 12), 8);
  let comm: Buffer | null = null;
  let samples: { start: number; bytes: number } | null = null;
  for await (const chunk of chunks(bytes, false)) {
    if (chunk.id === 'COMM') {
      comm = await bytes.read(chunk.body, Math.min(chunk.size, 64));
      if (comm.length < 18) return null;
    } else if (chunk.id === 'SSND') {
      const offset = (await bytes.read(chunk.body, 4)).readUInt32BE(0);
      samples = { start: chunk.body + 8 + offset, bytes: chunk.size - 8 - offset };
    }
    if (comm && samples) break;
  }
  if (!comm || !samples) return null;

  const channels = comm.readUInt16BE(0);
  const frames = comm.readUInt32BE(2);
  const bits = comm.readUInt16BE(6);
  const rate = Math.round(readExtended(comm, 8));
  const sampleRate = Number.isSafeInteger(rate) && rate > 0 ? rate : 0;
  const compression = form === 'AIFC' && comm.length >= 22 ? fourCC(comm, 18) : 'NONE';
  const float = /^fl(32|64)$/i.test(compression);
  const integer = ['NONE', 'twos', 'sowt', 'in24', 'in32'].includes(compression);
  const companded = /^(alaw|ulaw)$/i.test(compression);
  const bytesPerSample = float ? (compression.endsWith('64') ? 8 : 4) : companded ? 1 : Math.ceil(bits / 8);
  const bytesPerFrame = channels * bytesPerSample;
  const end = Math.min(bytes.size, samples.start + Math.min(samples.bytes, frames * bytesPerFrame));
  const usable = channels > 0 && sampleRate > 0;
  return {
    format: 'aiff',
    sampleRate: sampleRate || null,
    bitDepth: float || companded ? bytesPerSample * 8 : integer ? bits || null : null,
    channels: channels || null,
    bitrateKbps: null,
    durationSeconds: usable ? frames / sampleRate : null,
    decode:
      usable && STREAMED_AIFC.has(compression)
        ? { format: 'aiff', source: { header: plainAiffHeader(form, comm, compression, bits), start: samples.start, end } }
        : null,
  };
}

/**
 * FORM, the file's COMM chunk, and an SSND chunk header whose samples follow at once. Integer
 * samples are declared with their container's bit depth (20-bit samples take 3 bytes).
 */
function plainAiffHeader(form: string, fileComm: Buffer, compression: string, bits: number): Buffer {
  const comm = Buffer.from(fileComm);
  if (BIG_ENDIAN_INTEGERS.has(compression) || compression === 'sowt') comm.writeUInt16BE(Math.ceil(bits / 8) * 8, 6);
  if (BIG_ENDIAN_INTEGERS.has(compression) && comm.length >= 22) comm.write('NONE', 18, 'latin1');
  const commBytes = comm.length + (comm.length & 1);
  const header = Buffer.alloc(12 + 8 + commBytes + 16);
  header.write('FORM', 0, 'latin1');
  header.writeUInt32BE(UNKNOWN_SIZE - 8, 4);
  header.write(form, 8, 'latin1');
  header.write('COMM', 12, 'latin1');
  header.writeUInt32BE(comm.length, 16);
  comm.copy(header, 20);
  header.write('SSND', 20 + commBytes, 'latin1');
  header.writeUInt32BE(UNKNOWN_SIZE - 8, 24 + commBytes);
  // Offset and block size: 0, the samples start right after.
  return header;
}

/** The 80-bit IEEE 754 extended number AIFF stores its sample rate in. */
function readExtended(bytes: Buffer, offset: number): number {
  const sign = bytes[offset] & 0x80 ? -1 : 1;
  const exponent = bytes.readUInt16BE(offset) & 0x7fff;
  const mantissa = bytes.readUInt32BE(offset + 2) * 2 ** 32 + bytes.readUInt32BE(offset + 6);
  if (exponent === 0 && mantissa === 0) return 0;
  if (exponent === 0x7fff) return NaN;
  return sign * mantissa * 2 ** (exponent - 16383 - 63);
}
