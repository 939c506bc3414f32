/**
 * Silent FLAC files of any length, a few bytes per frame (one CONSTANT subframe per channel), like
 * the 8-hour, 4.6 MB file that once took the analysis to 639 MB. `declaredSeconds` is what STREAMINFO
 * claims, `seconds` how much audio the frames really hold: a header can lie either way.
 */
export interface SilentFlacOptions {
  seconds: number;
  declaredSeconds?: number;
  sampleRate?: 44_100 | 48_000;
}

const BLOCK_SIZE = 4096;
const BLOCK_SIZE_CODE = 0b1100; // 256 * 2^(12-8) = 4096
const SAMPLE_RATE_CODES = { 44_100: 0b1001, 48_000: 0b1010 } as const;

function crc8(bytes: number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** FLAC codes frame numbers like UTF-8 code points. */
function utf8Number(value: number): number[] {
  if (value < 0x80) return [value];
  if (value < 0x800) return [0xc0 | (value >> 6), 0x80 | (value & 0x3f)];
  if (value < 0x10000) return [0xe0 | (value >> 12), 0x80 | ((value >> 6) & 0x3f), 0x80 | (value & 0x3f)];
  return [0xf0 | (value >> 18), 0x80 | ((value >> 12) & 0x3f), 0x80 | ((value >> 6) & 0x3f), 0x80 | (value & 0x3f)];
}

function streamInfo(sampleRate: number, totalSamples: number): Buffer {
  const info = Buffer.alloc(4 + 34);
  info[0] = 0x80; // last metadata block, type 0 (STREAMINFO)
  info.writeUIntBE(34, 1, 3);
  info.writeUInt16BE(BLOCK_SIZE, 4);
  info.writeUInt16BE(BLOCK_SIZE, 6);
  // Bytes 8-13: frame sizes unknown (0). Then 20 bits rate, 3 bits channels-1, 5 bits bps-1, 36 bits samples.
  const high = totalSamples >= 2 ** 32 ? Math.floor(totalSamples / 2 ** 32) : 0;
  info[14] = (sampleRate >> 12) & 0xff;
  info[15] = (sampleRate >> 4) & 0xff;
  info[16] = ((sampleRate & 0x0f) << 4) | (1 << 1) | (15 >> 4); // 2 channels, 16 bits
  info[17] = ((15 & 0x0f) << 4) | (high & 0x0f);
  info.writeUInt32BE(totalSamples % 2 ** 32, 18);
  // MD5 left at zero: unknown, decoders do not check it.
  return info;
}

function silentFrame(frameNumber: number, sampleRateCode: number): number[] {
  const header = [0xff, 0xf8, (BLOCK_SIZE_CODE << 4) | sampleRateCode, 0x18, ...utf8Number(frameNumber)];
  header.push(crc8(header));
  // Two CONSTANT subframes of value 0 (type byte 0, then 16 bits of sample).
  const frame = [...header, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
  const crc = crc16(frame);
  frame.push(crc >> 8, crc & 0xff);
  return frame;
}

export function silentFlac({ seconds, declaredSeconds = seconds, sampleRate = 44_100 }: SilentFlacOptions): Buffer {
  const frames = Math.ceil((seconds * sampleRate) / BLOCK_SIZE);
  const parts: Buffer[] = [Buffer.from('fLaC', 'latin1'), streamInfo(sampleRate, Math.round(declaredSeconds * sampleRate))];
  for (let start = 0; start < frames; start += 10_000) {
    const bytes: number[] = [];
    for (let frame = start; frame < Math.min(frames, start + 10_000); frame++)
      bytes.push(...silentFrame(frame, SAMPLE_RATE_CODES[sampleRate]));
    parts.push(Buffer.from(bytes));
  }
  return Buffer.concat(parts);
}
