import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentFlac } from '#server/test-support/silent-flac.ts';
import { analyzeAudioFile, AudioTooLongError, decodeInSteps, indexAfterSamples, MAX_DECODED_BYTES_PER_STEP } from './analyze.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'studio-analyze-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const filePath = path.join(folder, name);
  writeFileSync(filePath, bytes);
  return filePath;
}

describe('analyzeAudioFile', () => {
  it('analyses a short silent FLAC (a few bytes per frame) to its exact length', async () => {
    const result = await analyzeAudioFile(file('short.flac', silentFlac({ seconds: 30 })), 'flac');
    expect(result.durationSeconds).toBeCloseTo(30, 0);
    expect(result.peaks?.length).toBeGreaterThan(900);
  });

  it('decodes in steps of bounded size, however much the input expands', async () => {
    // 10 minutes of silence in 140 kB: read in the usual 64 kB pieces, one piece would decode to ~150 MB.
    const silent = file('ten-minutes.flac', silentFlac({ seconds: 600 }));
    let largest = 0;
    let frames = 0;
    for await (const step of decodeInSteps(silent, 'flac')) {
      largest = Math.max(largest, step.channelData[0].length * step.channelData.length * 4);
      frames += step.channelData[0].length;
    }
    expect(frames / 44_100).toBeCloseTo(600, -1);
    expect(largest).toBeLessThanOrEqual(MAX_DECODED_BYTES_PER_STEP * 1.5);
  });

  it('does not decode a file whose header says it is longer than 20 minutes', async () => {
    // Header-only: 8 hours claimed, one second of frames.
    const claimed = file('claims-8h.flac', silentFlac({ seconds: 1, declaredSeconds: 8 * 3600 }));
    await expect(analyzeAudioFile(claimed, 'flac')).rejects.toThrow(/28800 s long; not decoded/);
  });

  it('stops decoding a file whose header lies (says 3 minutes, holds 2 hours)', async () => {
    const lying = silentFlac({ seconds: 2 * 3600, declaredSeconds: 180 });
    const error = await analyzeAudioFile(file('lies.flac', lying), 'flac').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AudioTooLongError);
    expect((error as Error).message).toMatch(/decoded audio runs past 1260 s/);
  });
});

describe('indexAfterSamples', () => {
  const box = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, body]);
  };
  const ftyp = box('ftyp', Buffer.from('M4A \x00\x00\x00\x00', 'latin1'));

  it('tells an MP4 whose index comes after its samples from one that is ready to stream', async () => {
    const streamable = file('streamable.m4a', Buffer.concat([ftyp, box('moov', Buffer.alloc(32)), box('mdat', Buffer.alloc(4096))]));
    const indexLast = file(
      'index-last.m4a',
      Buffer.concat([ftyp, box('free', Buffer.alloc(8)), box('mdat', Buffer.alloc(4096)), box('moov', Buffer.alloc(32))]),
    );
    expect(await indexAfterSamples(streamable)).toBe(false);
    expect(await indexAfterSamples(indexLast)).toBe(true);
  });
});
