import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AnalysisThread } from './analysis-thread.ts';
import { encodeWav } from './wav.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'studio-thread-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function toneFile(name: string, seconds: number): string {
  const tone = Float32Array.from({ length: 48_000 * seconds }, (_, index) => 0.25 * Math.sin((2 * Math.PI * 440 * index) / 48_000));
  const file = path.join(folder, name);
  writeFileSync(file, encodeWav([tone, tone], 48_000, { bitDepth: 16 }));
  return file;
}

describe('the analysis thread', () => {
  let thread: AnalysisThread;
  afterEach(() => thread.close());

  it('runs job after job on one thread', async () => {
    thread = new AnalysisThread();
    const short = toneFile('short.wav', 1);
    for (let round = 0; round < 3; round++) {
      const measured = await thread.run<{ durationSeconds: number }>({ kind: 'project-file', filePath: short }, 60_000);
      expect(measured.durationSeconds).toBe(1);
    }
    expect(thread.threadsStarted).toBe(1);
  });

  it('answers a failing job with its reason and keeps the thread for the next', async () => {
    thread = new AnalysisThread();
    await expect(thread.run({ kind: 'project-file', filePath: path.join(folder, 'missing.wav') }, 60_000)).rejects.toThrow(/ENOENT/);
    await expect(thread.run({ kind: 'project-file', filePath: toneFile('after-failure.wav', 1) }, 60_000)).resolves.toMatchObject({
      durationSeconds: 1,
    });
    expect(thread.threadsStarted).toBe(1);
  });

  it('ends a job that runs past its time, and the next job gets a fresh thread', async () => {
    thread = new AnalysisThread();
    const long = toneFile('long.wav', 120);
    await expect(thread.run({ kind: 'project-file', filePath: long }, 1)).rejects.toThrow('audio analysis timed out');
    await expect(thread.run({ kind: 'project-file', filePath: toneFile('next.wav', 1) }, 60_000)).resolves.toMatchObject({
      durationSeconds: 1,
    });
    expect(thread.threadsStarted).toBe(2);
  });

  it('starts over after its share of jobs, and ends when idle', async () => {
    thread = new AnalysisThread({ jobsPerThread: 2, idleMs: 50 });
    const short = toneFile('recycled.wav', 1);
    for (let round = 0; round < 3; round++) await thread.run({ kind: 'project-file', filePath: short }, 60_000);
    expect(thread.threadsStarted).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await thread.run({ kind: 'project-file', filePath: short }, 60_000);
    expect(thread.threadsStarted).toBe(3);
  });

  it('takes one job at a time', async () => {
    thread = new AnalysisThread();
    const first = thread.run({ kind: 'project-file', filePath: toneFile('first.wav', 1) }, 60_000);
    await expect(thread.run({ kind: 'project-file', filePath: toneFile('second.wav', 1) }, 60_000)).rejects.toThrow(/busy/);
    await first;
  });
});
