import { describe, expect, it } from 'vitest';
import { SlotCache, slotsWithin } from './slot-cache.ts';

const MINUTE = 60_000;
const slots = [0, 30, 60, 90].map((minute) => ({ start: minute * MINUTE, end: (minute + 20) * MINUTE }));

/** A computation of the slots that counts its runs. */
function countingCompute() {
  let runs = 0;
  return {
    compute: async () => {
      runs += 1;
      return slots;
    },
    computed: () => runs,
  };
}

describe('the slot cache', () => {
  it('computes a key once for a burst of visitors, and gives one span the same answer', async () => {
    const cache = new SlotCache();
    const { compute, computed } = countingCompute();
    const make = (cached: Parameters<typeof slotsWithin>[0]) => ({ slots: slotsWithin(cached, 30 * MINUTE, 90 * MINUTE) });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.answer('key', { start: 30, end: 90 }, 0, compute, make)));
    expect(computed()).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0].slots).toEqual([
      { start: '1970-01-01T00:30:00.000Z', end: '1970-01-01T00:50:00.000Z' },
      { start: '1970-01-01T01:00:00.000Z', end: '1970-01-01T01:20:00.000Z' },
    ]);
    expect(await cache.answer('key', { start: 0, end: 90 }, 1_000, compute, make)).not.toBe(answers[0]);
    expect(computed()).toBe(1);
  });

  it('computes again for a new key, and after a minute for the same one', async () => {
    const cache = new SlotCache();
    const { compute, computed } = countingCompute();
    const span = { start: 0, end: 1 };
    await cache.answer('a', span, 0, compute, () => ({}));
    await cache.answer('b', span, 0, compute, () => ({}));
    await cache.answer('a', span, 59_000, compute, () => ({}));
    expect(computed()).toBe(2);
    await cache.answer('a', span, 61_000, compute, () => ({}));
    expect(computed()).toBe(3);
    expect(cache.computations).toBe(3);
  });

  it('does not keep a computation that failed', async () => {
    const cache = new SlotCache();
    await expect(
      cache.answer(
        'a',
        { start: 0, end: 1 },
        0,
        () => Promise.reject(new Error('database down')),
        () => ({}),
      ),
    ).rejects.toThrow('database down');
    expect(
      await cache.answer(
        'a',
        { start: 0, end: 1 },
        1,
        async () => slots,
        (cached) => cached.length,
      ),
    ).toBe(4);
  });
});
