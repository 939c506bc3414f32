import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue.ts';

describe('the image work queue', () => {
  it('runs one job at a time, in the order places were taken, and refuses places beyond its capacity', async () => {
    const queue = createWorkQueue(2);
    const first = queue.reserve()!;
    const second = queue.reserve()!;
    expect(queue.reserve()).toBeNull();

    const events: string[] = [];
    let finishFirst = () => {};
    const firstDone = first.run(async () => {
      events.push('first started');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      events.push('first finished');
    });
    const secondDone = second.run(async () => {
      events.push('second started');
      return 'second result';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['first started']);
    finishFirst();
    await firstDone;
    expect(await secondDone).toBe('second result');
    expect(events).toEqual(['first started', 'first finished', 'second started']);
    expect(queue.taken).toBe(0);
  });

  it('frees a place given up unused, and keeps going after a job that failed', async () => {
    const queue = createWorkQueue(1);
    const unused = queue.reserve()!;
    unused.release();
    unused.release();
    const failing = queue.reserve()!;
    await expect(failing.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await queue.reserve()!.run(async () => 'next')).toBe('next');
  });
});
