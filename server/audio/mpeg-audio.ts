import type { ContainerFacts } from './header-facts.ts';
import { fourCC, type FileBytes } from './file-bytes.ts';

/*
 * MPEG audio (MP3, and its older layers I and II) from its first frame header, and the VBR header
 * an encoder puts in the first frame (Xing/Info from LAME and most encoders, VBRI from Fraunhofer):
 * frame count and byte count give the length and the average bitrate of a variable-bitrate file.
 */

const VERSION_1 = 3;
const VERSION_2 = 2;
const VERSION_25 = 0;
const LAYER_3 = 1;
const LAYER_2 = 2;
const LAYER_1 = 3;

// Bitrates in kbps by bitrate index (0 = free format, 15 = invalid).
const BITRATES: Record<string, number[]> = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  [VERSION_1]: [44_100, 48_000, 32_000],
  [VERSION_2]: [22_050, 24_000, 16_000],
  [VERSION_25]: [11_025, 12_000, 8_000],
};

export interface FrameHeader {
  version: number;
  layer: number;
  bitrateKbps: number;
  sampleRate: number;
  channels: 1 | 2;
  samplesPerFrame: number;
  /** Bytes of this frame, header included; 0 for free-format streams. */
  frameBytes: number;
  /** Bytes of side information after the header (layer III), where a Xing header would start. */
  sideInfoBytes: number;
}

export function parseFrameHeader(bytes: Buffer, offset = 0): FrameHeader | null {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[offset + 1] >> 3) & 3;
  const layer = (bytes[offset + 1] >> 1) & 3;
  const bitrateIndex = bytes[offset + 2] >> 4;
  const rateIndex = (bytes[offset + 2] >> 2) & 3;
  if (version === 1 || layer === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const padding = (bytes[offset + 2] >> 1) & 1;
  const channels = bytes[offset + 3] >> 6 === 3 ? 1 : 2;
  const v1 = version === VERSION_1;
  const table = v1 ? (layer === LAYER_1 ? 'v1l1' : layer === LAYER_2 ? 'v1l2' : 'v1l3') : layer === LAYER_1 ? 'v2l1' : 'v2l23';
  const bitrateKbps = BITRATES[table][bitrateIndex];
  const sampleRate = SAMPLE_RATES[version][rateIndex];
  const samplesPerFrame = layer === LAYER_1 ? 384 : layer === LAYER_3 && !v1 ? 576 : 1152;
  const frameBytes =
    layer === LAYER_1
      ? (Math.floor((12_000 * bitrateKbps) / sampleRate) + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * 1000 * bitrateKbps) / sampleRate) + padding;
  const sideInfoBytes = layer !== LAYER_3 ? 0 : v1 ? (channels === 1 ? 17 : 32) : channels === 1 ? 9 : 17;
  return { version, layer, bitrateKbps, sampleRate, channels, samplesPerFrame, frameBytes, sideInfoBytes };
}

/** Bytes read at the first frame: enough for its VBR header and the next frame's header. */
const FIRST_FRAME_BYTES = 4096;

/** Facts of an MPEG audio stream starting at `audioStart` (after any ID3v2 tag); null if no frame is there. */
export async function readMpegFacts(bytes: FileBytes, audioStart: number): Promise<ContainerFacts | null> {
  const head = await bytes.read(audioStart, FIRST_FRAME_BYTES);
  const frame = parseFrameHeader(head);
  if (!frame) return null;
  // A second frame right after the first tells MPEG audio from bytes that only look like a header.
  const next = frame.frameBytes > 0 ? await bytes.read(audioStart + frame.frameBytes, 4) : Buffer.alloc(0);
  if (next.length === 4 && !parseFrameHeader(next)) return null;

  const audioBytes = bytes.size - audioStart - (await id3v1Bytes(bytes));
  const vbr = readVbrHeader(head, frame);
  const format = frame.layer === LAYER_3 ? 'mp3' : frame.layer === LAYER_2 ? 'mp2' : 'mp1';
  const facts = { format, sampleRate: frame.sampleRate, bitDepth: null, channels: frame.channels };
  const decode = { format: 'mp3' as const, source: { start: audioStart } };
  if (vbr && vbr.frames > 0) {
    const durationSeconds = (vbr.frames * frame.samplesPerFrame) / frame.sampleRate;
    // An Info header marks a constant bitrate: the frame header's is exact.
    const averageKbps = vbr.constant ? frame.bitrateKbps : ((vbr.bytes ?? audioBytes) * 8) / durationSeconds / 1000;
    return { ...facts, bitrateKbps: Math.round(averageKbps) || null, durationSeconds, decode };
  }
  const bitrateKbps = frame.bitrateKbps || null;
  return {
    ...facts,
    bitrateKbps,
    durationSeconds: bitrateKbps ? (audioBytes * 8) / (bitrateKbps * 1000) : null,
    decode,
    // Without a VBR header the first frame's bitrate is only a guess at the rest.
    encodedBytes: audioBytes,
  };
}

function readVbrHeader(head: Buffer, frame: FrameHeader): { frames: number; bytes: number | null; constant: boolean } | null {
  const xing = 4 + frame.sideInfoBytes;
  const tag = head.length >= xing + 8 ? fourCC(head, xing) : '';
  if (tag === 'Xing' || tag === 'Info') {
    const flags = head.readUInt32BE(xing + 4);
    let offset = xing + 8;
    const frames = flags & 1 && head.length >= offset + 4 ? head.readUInt32BE(offset) : 0;
    if (flags & 1) offset += 4;
    const byteCount = flags & 2 && head.length >= offset + 4 ? head.readUInt32BE(offset) : null;
    return { frames, bytes: byteCount || null, constant: tag === 'Info' };
  }
  const vbri = 4 + 32;
  if (head.length >= vbri + 18 && fourCC(head, vbri) === 'VBRI') {
    return { frames: head.readUInt32BE(vbri + 14), bytes: head.readUInt32BE(vbri + 10) || null, constant: false };
  }
  return null;
}

async function id3v1Bytes(bytes: FileBytes): Promise<number> {
  if (bytes.size < 128) return 0;
  return (await bytes.read(bytes.size - 128, 3)).toString('latin1') === 'TAG' ? 128 : 0;
}
