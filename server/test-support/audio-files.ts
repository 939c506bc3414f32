import { encodeWav, type WavEncoding } from '#server/audio/wav.ts';

/*
 * Audio files made in code for the analysis tests: tones of known level in WAV (any depth, RF64),
 * AIFF/AIFF-C, and MPEG frames with or without a VBR header.
 */

/** A sine of `seconds` whose peak is `dbfs` (may be above 0 for float files). */
export function sine(sampleRate: number, seconds: number, dbfs: number, hz = 1000): Float32Array {
  const amplitude = 10 ** (dbfs / 20);
  return Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, index) => amplitude * Math.sin((2 * Math.PI * hz * index) / sampleRate),
  );
}

const chunk = (id: string, body: Buffer, littleEndian = true) => {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  if (littleEndian) header.writeUInt32LE(body.length, 4);
  else header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length & 1)]);
};

/** A WAV file with extra chunks before its format chunk and after its samples (`after` is noise if decoded as sound). */
export function wavWithChunks(
  channels: Float32Array[],
  sampleRate: number,
  encoding: WavEncoding,
  extra: { before?: Buffer; after?: Buffer },
) {
  const plain = encodeWav(channels, sampleRate, encoding);
  const fmtEnd = 20 + plain.readUInt32LE(16);
  const fmt = plain.subarray(12, fmtEnd);
  const data = plain.subarray(fmtEnd);
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    extra.before ? chunk('JUNK', extra.before) : Buffer.alloc(0),
    fmt,
    data,
    Buffer.alloc(data.length & 1),
    extra.after ? chunk('LIST', extra.after) : Buffer.alloc(0),
  ]);
  const header = Buffer.from('RIFF\0\0\0\0', 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** An RF64 file (the 64-bit WAV of files over 4 GB): sizes in a ds64 chunk, 0xFFFFFFFF in the usual places. */
export function rf64(channels: Float32Array[], sampleRate: number, encoding: WavEncoding): Buffer {
  const plain = encodeWav(channels, sampleRate, encoding);
  const fmtEnd = 20 + plain.readUInt32LE(16);
  const samples = plain.subarray(fmtEnd + 8);
  const ds64 = Buffer.alloc(28);
  ds64.writeBigUInt64LE(BigInt(plain.length + 28 + 8 - 8), 0);
  ds64.writeBigUInt64LE(BigInt(samples.length), 8);
  ds64.writeBigUInt64LE(BigInt(channels[0].length), 16);
  const dataHeader = Buffer.from('data\xff\xff\xff\xff', 'latin1');
  return Buffer.concat([
    Buffer.from('RF64\xff\xff\xff\xffWAVE', 'latin1'),
    chunk('ds64', ds64),
    plain.subarray(12, fmtEnd),
    dataHeader,
    samples,
  ]);
}

/** The 80-bit extended number AIFF keeps its sample rate in (whole rates only). */
function extended(value: number): Buffer {
  const bytes = Buffer.alloc(10);
  const exponent = Math.floor(Math.log2(value));
  bytes.writeUInt16BE(16383 + exponent, 0);
  bytes.writeUInt32BE(value * 2 ** (31 - exponent), 2);
  return bytes;
}

export interface AiffOptions {
  bitDepth: 16 | 24;
  /** AIFF-C little-endian samples. */
  sowt?: boolean;
  /** Put the sound chunk before the common chunk (allowed, and unusual). */
  soundFirst?: boolean;
  /** A chunk after the samples (an ID3 tag, say): noise if it were decoded as sound. */
  after?: Buffer;
}

export function aiff(channels: Float32Array[], sampleRate: number, options: AiffOptions): Buffer {
  const frames = channels[0].length;
  const bytesPerSample = options.bitDepth / 8;
  const scale = 2 ** (options.bitDepth - 1) - 1;
  const samples = Buffer.alloc(8 + frames * channels.length * bytesPerSample);
  let offset = 8; // SSND offset and block size: 0
  for (let frame = 0; frame < frames; frame++) {
    for (const channel of channels) {
      const value = Math.round(Math.max(-1, Math.min(1, channel[frame])) * scale);
      if (options.sowt) samples.writeIntLE(value, offset, bytesPerSample);
      else samples.writeIntBE(value, offset, bytesPerSample);
      offset += bytesPerSample;
    }
  }
  const common = Buffer.alloc(18);
  common.writeUInt16BE(channels.length, 0);
  common.writeUInt32BE(frames, 2);
  common.writeUInt16BE(options.bitDepth, 6);
  extended(sampleRate).copy(common, 8);
  const comm = chunk('COMM', options.sowt ? Buffer.concat([common, Buffer.from('sowt\x00\x00', 'latin1')]) : common, false);
  const ssnd = chunk('SSND', samples, false);
  const trailer = options.after ? chunk('ID3 ', options.after, false) : Buffer.alloc(0);
  const body = Buffer.concat([Buffer.from(options.sowt ? 'AIFC' : 'AIFF'), ...(options.soundFirst ? [ssnd, comm] : [comm, ssnd]), trailer]);
  const header = Buffer.alloc(8);
  header.write('FORM', 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/**
 * MPEG-1 Layer III frames at 44.1 kHz, joint stereo, of `kbps` (417 bytes at 128), holding silence.
 * `vbrHeader` makes the first frame a Xing or Info frame saying how many frames and bytes follow.
 */
export function mp3Frames(frames: number, options: { kbps?: 128 | 320; vbrHeader?: { tag: 'Xing' | 'Info'; bytes: number } } = {}): Buffer {
  const kbps = options.kbps ?? 128;
  const frameBytes = Math.floor((144_000 * kbps) / 44_100);
  const frame = Buffer.alloc(frameBytes);
  frame.set([0xff, 0xfb, (kbps === 128 ? 9 : 14) << 4, 0x44]);
  const all = Buffer.concat(Array.from({ length: frames }, () => frame));
  if (options.vbrHeader) {
    const xing = 4 + 32;
    all.write(options.vbrHeader.tag, xing, 'latin1');
    all.writeUInt32BE(0b11, xing + 4);
    all.writeUInt32BE(frames - 1, xing + 8);
    all.writeUInt32BE(options.vbrHeader.bytes, xing + 12);
  }
  return all;
}

/** One second of a stereo sine at -18 dBFS as a 16-bit WAV: a small master the billing tests deliver. */
export function toneWav(): Buffer {
  const channel = sine(44_100, 1, -18);
  return encodeWav([channel, channel], 44_100, { bitDepth: 16 });
}
