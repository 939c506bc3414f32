import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.ts';

describe('SerialQueue', () => {
  it('works one job at a time, in order, a repeated waiting job once, and goes on after a failure', async () => {
    const done: number[] = [];
    const failures: number[] = [];
    let concurrent = 0;
    let most = 0;
    const queue = new SerialQueue<number>(
      async (job) => {
        most = Math.max(most, ++concurrent);
        await new Promise((resolve) => setTimeout(resolve, 1));
        concurrent--;
        if (job === 2) throw new Error('broken');
        done.push(job);
      },
      (_error, job) => failures.push(job),
    );
    [1, 2, 3, 3].forEach((job) => queue.add(job));
    expect(queue.depth).toBeGreaterThan(0);
    await queue.idle();
    expect(done).toEqual([1, 3]);
    expect(failures).toEqual([2]);
    expect(most).toBe(1);
    expect(queue.depth).toBe(0);
  });

  it('drops waiting jobs and refuses new ones once stopped', async () => {
    const done: number[] = [];
    const queue = new SerialQueue<number>(
      async (job) => void done.push(job),
      () => {},
    );
    queue.stop();
    queue.add(1);
    await queue.idle();
    expect(done).toEqual([]);
  });
});
