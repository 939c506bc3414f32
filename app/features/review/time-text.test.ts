import { describe, expect, it } from 'vitest';
import { formatMoment, formatSpan, parseMoment } from './time-text.ts';

describe('moments', () => {
  it('reads what people type', () => {
    expect(parseMoment('0:42')).toBe(42);
    expect(parseMoment(' 1:02 ')).toBe(62);
    expect(parseMoment('62')).toBe(62);
    expect(parseMoment('1:02.5')).toBe(62.5);
    expect(parseMoment('1:00:05')).toBe(3605);
  });

  it('refuses what is not a moment', () => {
    for (const text of ['', 'abc', '1:75', '-3', '1::2', '1:2:3:4']) expect(parseMoment(text), text).toBeNull();
  });

  it('writes moments as m:ss, with tenths only when needed', () => {
    expect(formatMoment(42)).toBe('0:42');
    expect(formatMoment(62.5)).toBe('1:02.5');
    expect(formatMoment(41.96)).toBe('0:42');
    expect(formatMoment(-1)).toBe('0:00');
    expect(formatSpan(10, 20.5)).toBe('0:10–0:20.5');
    expect(formatSpan(42, null)).toBe('0:42');
  });
});
