import { describe, expect, it } from 'vitest';
import { packageSchema } from './packages.ts';
import { DEFAULT_PACKAGES } from './defaults.ts';
import { turnaroundSchema } from './turnaround.ts';
import { parseTurnaround, turnaroundFromHours, turnaroundSpan, turnaroundText, turnaroundWording } from './turnaround-words.ts';

describe('a turnaround as the owner writes it', () => {
  it.each([
    ['48 hours', { from: 48, to: 48, unit: 'hours' }],
    ['5-7 days', { from: 5, to: 7, unit: 'days' }],
    ['5 – 7 Days', { from: 5, to: 7, unit: 'days' }],
    ['5 to 7 business days', { from: 5, to: 7, unit: 'business-days' }],
    ['2 weeks', { from: 2, to: 2, unit: 'weeks' }],
    ['1 week', { from: 1, to: 1, unit: 'weeks' }],
    ['72h', { from: 72, to: 72, unit: 'hours' }],
  ])('reads %j', (text, turnaround) => {
    expect(parseTurnaround(text)).toEqual(turnaround);
  });

  it.each(['', 'soon', '48', '7-5 days', '0 days', '3 fortnights', '5-7'])('refuses %j', (text) => {
    expect(parseTurnaround(text)).toBeNull();
  });

  it("says it in the pages' words, never in hours it was not written in", () => {
    expect(turnaroundText({ from: 5, to: 7, unit: 'days' })).toBe('5–7 days');
    expect(turnaroundText({ from: 1, to: 1, unit: 'weeks' })).toBe('1 week');
    expect(turnaroundWording({ from: 48, to: 48, unit: 'hours' })).toBe('48-hour turnaround');
    expect(turnaroundWording({ from: 5, to: 7, unit: 'days' })).toBe('5–7 day turnaround');
    expect(turnaroundWording({ from: 2, to: 2, unit: 'weeks' })).toBe('2-week turnaround');
  });

  it('spans the packages from the quickest start to the slowest end, in their units', () => {
    const hours = (n: number) => ({ from: n, to: n, unit: 'hours' as const });
    expect(turnaroundSpan([hours(48), hours(72), hours(48)])).toBe('48 to 72 hours');
    expect(turnaroundSpan([hours(48)])).toBe('48 hours');
    expect(turnaroundSpan([hours(48), { from: 5, to: 7, unit: 'days' }])).toBe('48 hours to 7 days');
    expect(
      turnaroundSpan([
        { from: 1, to: 2, unit: 'weeks' },
        { from: 3, to: 5, unit: 'days' },
      ]),
    ).toBe('3 days to 2 weeks');
    expect(turnaroundSpan([])).toBe('');
  });

  it('reads an hours figure stored before in the unit an owner would have written', () => {
    expect(turnaroundFromHours(48)).toEqual({ from: 48, to: 48, unit: 'hours' });
    expect(turnaroundFromHours(72)).toEqual({ from: 72, to: 72, unit: 'hours' });
    expect(turnaroundFromHours(96)).toEqual({ from: 4, to: 4, unit: 'days' });
    expect(turnaroundFromHours(168)).toEqual({ from: 1, to: 1, unit: 'weeks' });
    expect(turnaroundFromHours(36)).toEqual({ from: 36, to: 36, unit: 'hours' });
  });
});

describe('the turnaround field of a package', () => {
  const stored = { ...DEFAULT_PACKAGES.packages[0]! } as Record<string, unknown>;

  it('takes the words and keeps the range', () => {
    expect(turnaroundSchema.parse('5-7 days')).toEqual({ from: 5, to: 7, unit: 'days' });
    expect(turnaroundSchema.safeParse('whenever').error?.issues[0]?.message).toMatch(/like "48 hours", "5-7 days" or "2 weeks"/);
    expect(turnaroundSchema.safeParse({ from: 1, to: 100, unit: 'days' }).success).toBe(false);
  });

  it('reads a package saved with turnaroundHours as a range, and one with both as it is refused', () => {
    const { turnaround: _turnaround, ...old } = stored;
    expect(packageSchema.parse({ ...old, turnaroundHours: 168 }).turnaround).toEqual({ from: 1, to: 1, unit: 'weeks' });
    expect(packageSchema.safeParse({ ...stored, turnaroundHours: 168 }).success).toBe(false);
  });
});
