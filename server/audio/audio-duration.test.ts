import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { silentFlac } from '#server/test-support/silent-flac.ts';
import { testWav } from '#server/test-support/test-audio.ts';
import { readDeclaredDuration } from './audio-duration.ts';

const streamOf = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += 16 * 1024) yield bytes.subarray(offset, offset + 16 * 1024);
    })(),
  );

/** Constant-bit-rate MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz): 417 bytes, 1152 samples each. */
function cbrMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** ADTS frames (AAC LC, 44.1 kHz, stereo) of 200 bytes, 1024 samples each. */
function adts(frames: number): Buffer {
  const frame = Buffer.alloc(200);
  frame.set([0xff, 0xf1, (1 << 6) | (4 << 2), (2 << 6) | ((200 >> 11) & 3), (200 >> 3) & 0xff, ((200 & 7) << 5) | 0x1f, 0xfc]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

describe('readDeclaredDuration', () => {
  it('reads WAV length from its data size and byte rate', async () => {
    const wav = testWav(4); // four bars at 120 bpm: 8 s
    expect(await readDeclaredDuration(streamOf(wav), wav.length, 'wav')).toBeCloseTo(8, 1);
  });

  it('reads FLAC length from STREAMINFO, whatever the frames hold', async () => {
    const eightHours = silentFlac({ seconds: 1, declaredSeconds: 8 * 3600 });
    expect(eightHours.length).toBeLessThan(1000);
    expect(await readDeclaredDuration(streamOf(eightHours), eightHours.length, 'flac')).toBe(8 * 3600);
  });

  it('estimates a constant-bit-rate MP3 from its size and an ADTS AAC file from its frame lengths', async () => {
    const mp3 = cbrMp3(2000); // 2000 × 1152 / 44100 ≈ 52.2 s
    expect(await readDeclaredDuration(streamOf(mp3), mp3.length, 'mp3')).toBeCloseTo(52.2, 0);
    const aac = adts(2000); // 2000 × 1024 / 44100 ≈ 46.4 s
    expect(await readDeclaredDuration(streamOf(aac), aac.length, 'aac')).toBeCloseTo(46.4, 0);
    // The estimate scales with the size the store reports, so a long file is judged without reading it all.
    expect(await readDeclaredDuration(streamOf(aac), aac.length * 100, 'aac')).toBeCloseTo(4644, -1);
  });

  it('answers null when the headers do not tell', async () => {
    const noise = Buffer.from('fLaC but not really a stream info block');
    expect(await readDeclaredDuration(streamOf(noise), noise.length, 'flac')).toBeNull();
    expect(await readDeclaredDuration(streamOf(Buffer.alloc(64)), 64, 'aac')).toBeNull();
  });
});
