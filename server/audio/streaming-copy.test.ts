import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeAudioFile } from './analyze.ts';
import { parseFrameHeader, type FrameHeader } from './mpeg-audio.ts';
import { streamSampleRate } from './streaming-copy.ts';
import { encodeWav } from './wav.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'studio-stream-copy-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A tone of `seconds`, different in each channel, as a WAV file on disk. */
function toneWav(
  name: string,
  { seconds, sampleRate, channels, bitDepth = 16 }: { seconds: number; sampleRate: number; channels: number; bitDepth?: 16 | 24 },
) {
  const frames = Math.round(seconds * sampleRate);
  const data = Array.from({ length: channels }, (_, channel) => {
    const samples = new Float32Array(frames);
    for (let i = 0; i < frames; i++) samples[i] = 0.4 * Math.sin((2 * Math.PI * (220 + 110 * channel) * i) / sampleRate);
    return samples;
  });
  const filePath = path.join(folder, name);
  writeFileSync(filePath, encodeWav(data, sampleRate, { bitDepth }));
  return filePath;
}

/** Every frame of an MP3 file, walked header to header: any byte out of step fails the walk. */
function mp3Frames(bytes: Buffer): FrameHeader[] {
  const frames: FrameHeader[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const frame = parseFrameHeader(bytes, offset);
    if (!frame || frame.frameBytes === 0) throw new Error(`no MP3 frame at byte ${offset} of ${bytes.length}`);
    frames.push(frame);
    offset += frame.frameBytes;
  }
  expect(offset).toBe(bytes.length);
  return frames;
}

/**
 * LAME starts every stream with 576 samples of its own delay plus the decoder's 529: players that read
 * no LAME tag play them as silence in front. Duration is compared without that fixed lead-in.
 */
const ENCODER_DELAY_FRAMES = 576 + 529;

async function copyOf(source: string) {
  const output = `${source}.mp3`;
  const analysis = await analyzeAudioFile(source, 'wav', { streamingCopyPath: output });
  return { analysis, bytes: readFileSync(output) };
}

describe('streaming copy (MP3 256 kbps from the analysis decode)', () => {
  it.each([
    { name: 'stereo 44.1 kHz', sampleRate: 44_100, channels: 2, plays: 44_100, playsChannels: 2 },
    { name: 'mono 44.1 kHz', sampleRate: 44_100, channels: 1, plays: 44_100, playsChannels: 1 },
    { name: 'stereo 48 kHz 24-bit', sampleRate: 48_000, channels: 2, plays: 48_000, playsChannels: 2, bitDepth: 24 as const },
    { name: 'mono 48 kHz', sampleRate: 48_000, channels: 1, plays: 48_000, playsChannels: 1 },
    { name: 'stereo 22.05 kHz (resampled)', sampleRate: 22_050, channels: 2, plays: 44_100, playsChannels: 2 },
    { name: 'stereo 96 kHz (resampled)', sampleRate: 96_000, channels: 2, plays: 48_000, playsChannels: 2 },
    { name: 'mono 37.8 kHz, an odd rate (resampled)', sampleRate: 37_800, channels: 1, plays: 44_100, playsChannels: 1 },
    { name: 'six channels (folded to stereo)', sampleRate: 48_000, channels: 6, plays: 48_000, playsChannels: 2 },
  ])(
    '$name: every frame parses, 256 kbps, and it lasts as long as the input',
    async ({ name, sampleRate, channels, plays, playsChannels, bitDepth }) => {
      const seconds = 3.7;
      const source = toneWav(`${name.replace(/\W+/g, '-')}.wav`, { seconds, sampleRate, channels, bitDepth });
      const { analysis, bytes } = await copyOf(source);

      expect(analysis.streamingCopy).toEqual({ bytes: bytes.length, bitrateKbps: 256, sampleRate: plays, channels: playsChannels });
      const frames = mp3Frames(bytes);
      for (const frame of frames) {
        expect(frame).toMatchObject({
          version: 3,
          layer: 1,
          bitrateKbps: 256,
          sampleRate: plays,
          channels: playsChannels,
          samplesPerFrame: 1152,
        });
      }
      const playedFrames = frames.length * 1152 - ENCODER_DELAY_FRAMES;
      const inputFrames = seconds * plays;
      // The last frame is padded out to 1152 samples: within one frame of the input, never short of it.
      expect(playedFrames).toBeGreaterThanOrEqual(inputFrames - 1);
      expect(playedFrames - inputFrames).toBeLessThan(1152 + 1);
      // The analysis itself still measures the source.
      expect(analysis.durationSeconds).toBeCloseTo(seconds, 2);
    },
  );

  it('leaves no file when the source cannot be decoded to its end', async () => {
    const whole = readFileSync(toneWav('cut-short.wav', { seconds: 1, sampleRate: 44_100, channels: 2 }));
    const broken = path.join(folder, 'not-really.wav');
    // A WAV header over bytes that are not a WAV's samples' container: decoding fails.
    writeFileSync(broken, Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVEjunk'), whole.subarray(40, 400)]));
    const output = `${broken}.mp3`;
    const analysis = await analyzeAudioFile(broken, 'wav', { streamingCopyPath: output });
    expect(analysis.streamingCopy ?? null).toBeNull();
    expect(existsSync(output)).toBe(false);
  });
});

describe('streamSampleRate', () => {
  it('keeps MPEG-1 rates and sends others to their family, or the nearest', () => {
    expect([32_000, 44_100, 48_000].map(streamSampleRate)).toEqual([32_000, 44_100, 48_000]);
    expect([8_000, 11_025, 22_050, 88_200, 176_400].map(streamSampleRate)).toEqual([48_000, 44_100, 44_100, 44_100, 44_100]);
    expect([16_000, 24_000, 96_000, 192_000].map(streamSampleRate)).toEqual([48_000, 48_000, 48_000, 48_000]);
    expect([37_800, 50_000].map(streamSampleRate)).toEqual([44_100, 48_000]);
  });
});
