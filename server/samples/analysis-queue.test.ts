import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks, encodePeaks } from '#common/peaks.ts';
import type { AudioAnalysis } from '#server/audio/analyze.ts';
import { createTestServices, type TestServices } from '#server/test-support/services.ts';
import { testWav } from '#server/test-support/test-audio.ts';
import { SampleAnalysisQueue } from './analysis-queue.ts';

describe('analysis queue depth', () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices('sqlite');
  });
  afterAll(async () => {
    await services.cleanup();
  });

  async function addSample(title: string): Promise<number> {
    const audioUrl = await services.samples.audioUploads.storeOwnAudio(testWav());
    const now = new Date().toISOString();
    const row = await services.db
      .insertInto('samples')
      .values({
        title,
        artist: null,
        genre: null,
        description: null,
        audioUrl,
        coverImageUrl: null,
        duration: null,
        durationSeconds: null,
        peaks: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('counts samples waiting and the one being analysed, down to zero when done', async () => {
    // Each analysis waits for release(), so the test sees the queue mid-way.
    let release: () => void = () => {};
    let started = 0;
    const gated = () => {
      started += 1;
      return new Promise<AudioAnalysis>((resolve) => {
        release = () => resolve({ durationSeconds: 2, peaks: [0.5] });
      });
    };
    const queue = new SampleAnalysisQueue(services.db, services.samples.audioUploads, pino({ level: 'silent' }), gated);
    expect(queue.depth).toBe(0);
    queue.schedule(await addSample('one'));
    queue.schedule(await addSample('two'));
    await expect.poll(() => started).toBe(1);
    expect(queue.depth).toBe(2);
    release();
    await expect.poll(() => started).toBe(2);
    expect(queue.depth).toBe(1);
    release();
    await queue.idle();
    expect(queue.depth).toBe(0);
  });

  it('stores the peaks once in their compact form, and an empty text for a file it could not decode', async () => {
    const results: AudioAnalysis[] = [
      { durationSeconds: 2, peaks: [0, 0.25, 1] },
      { durationSeconds: 3, peaks: null },
    ];
    let announced = 0;
    const queue = new SampleAnalysisQueue(
      services.db,
      services.samples.audioUploads,
      pino({ level: 'silent' }),
      async () => results.shift()!,
      async () => {
        announced += 1;
      },
    );
    const decoded = await addSample('decoded');
    const undecodable = await addSample('undecodable');
    queue.schedule(decoded);
    queue.schedule(undecodable);
    await queue.idle();
    const stored = await services.db
      .selectFrom('samples')
      .select(['id', 'peaks'])
      .where('id', 'in', [decoded, undecodable])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: decoded, peaks: encodePeaks([0, 0.25, 1]) },
      { id: undecodable, peaks: '' },
    ]);
    expect(Array.from(decodePeaks(stored[0].peaks)!)).toEqual([0, Math.fround(64 / 255), 1]);
    // Analysed either way: a restart does not queue them again.
    expect(await queue.scheduleBacklog()).toBe(0);
    // Each stored result was announced, so stored public pages show the new waveform and duration.
    expect(announced).toBe(2);
  });
});
