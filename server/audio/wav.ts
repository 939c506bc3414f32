/** How samples are stored: 16-bit PCM unless said otherwise. */
export interface WavEncoding {
  bitDepth?: 16 | 24 | 32;
  /** IEEE float samples (bitDepth 32). */
  float?: boolean;
  /** A WAVE_FORMAT_EXTENSIBLE header, as DAWs write for 24-bit and multichannel files. */
  extensible?: boolean;
}

// The tail every WAVE_FORMAT_EXTENSIBLE SubFormat GUID shares after its two-byte format tag.
const SUBFORMAT_GUID_TAIL = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
const PCM = 1;
const IEEE_FLOAT = 3;

/**
 * The header of a WAV file holding `frames` frames, up to the start of its samples: write it, then
 * the interleaved little-endian samples (a test can stream a file of any size this way).
 */
export function wavHeader(channelCount: number, sampleRate: number, frames: number, encoding: WavEncoding = {}): Buffer {
  const bitDepth = encoding.float ? 32 : (encoding.bitDepth ?? 16);
  const blockAlign = channelCount * (bitDepth / 8);
  const dataBytes = frames * blockAlign;
  const tag = encoding.float ? IEEE_FLOAT : PCM;
  const fmtBytes = encoding.extensible ? 40 : 16;
  const header = Buffer.alloc(12 + 8 + fmtBytes + 8);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(Math.min(0xffffffff, header.length - 8 + dataBytes), 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(fmtBytes, 16);
  header.writeUInt16LE(encoding.extensible ? 0xfffe : tag, 20);
  header.writeUInt16LE(channelCount, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitDepth, 34);
  if (encoding.extensible) {
    header.writeUInt16LE(22, 36);
    header.writeUInt16LE(bitDepth, 38);
    header.writeUInt32LE(channelCount === 2 ? 0b11 : 0, 40);
    header.writeUInt16LE(tag, 44);
    Buffer.from(SUBFORMAT_GUID_TAIL).copy(header, 46);
  }
  header.write('data', 20 + fmtBytes, 'ascii');
  header.writeUInt32LE(Math.min(0xffffffff, dataBytes), 24 + fmtBytes);
  return header;
}

/** A WAV file from per-channel float samples in -1..1 (clamped when stored as integers). */
export function encodeWav(channels: Float32Array[], sampleRate: number, encoding: WavEncoding = {}): Buffer {
  const channelCount = channels.length;
  const frames = channels[0]?.length ?? 0;
  const header = wavHeader(channelCount, sampleRate, frames, encoding);
  const bytesPerSample = encoding.float ? 4 : (encoding.bitDepth ?? 16) / 8;
  const buffer = Buffer.alloc(header.length + frames * channelCount * bytesPerSample);
  header.copy(buffer);
  let offset = header.length;
  for (let frame = 0; frame < frames; frame++) {
    for (const channel of channels) {
      const value = channel[frame];
      const clamped = Math.max(-1, Math.min(1, value));
      if (encoding.float) buffer.writeFloatLE(value, offset);
      else if (bytesPerSample === 2) buffer.writeInt16LE(Math.round(clamped * 32767), offset);
      else if (bytesPerSample === 3) buffer.writeIntLE(Math.round(clamped * 8388607), offset, 3);
      else buffer.writeInt32LE(Math.round(clamped * 2147483647), offset);
      offset += bytesPerSample;
    }
  }
  return buffer;
}
