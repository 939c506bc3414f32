import { describe, expect, it } from 'vitest';
import type { TrackView, VersionView } from '#common/review.ts';
import { initialPair, newestOf, previousOf } from './versions.ts';

const version = (id: number, number: number) => ({ id, number }) as VersionView;
const track = (...versions: VersionView[]) => ({ versions }) as TrackView;

describe('initialPair', () => {
  const three = track(version(10, 1), version(11, 2), version(12, 3));

  it('opens the newest against the one before it', () => {
    expect(initialPair(three, null)).toEqual({ a: 12, b: 11 });
    expect(newestOf(three)?.id).toBe(12);
  });

  it('opens an asked-for version (by its number, as the e-mails name it) against the one before, or after for the first', () => {
    expect(initialPair(three, 2)).toEqual({ a: 11, b: 10 });
    expect(initialPair(three, 1)).toEqual({ a: 10, b: 11 });
    expect(initialPair(three, 11)).toEqual({ a: 12, b: 11 });
  });

  it('has no B for a single version, and nothing for none', () => {
    expect(initialPair(track(version(1, 1)), null)).toEqual({ a: 1, b: null });
    expect(initialPair(track(), null)).toEqual({ a: null, b: null });
  });

  it('knows the version before another', () => {
    expect(previousOf(three, version(12, 3))?.id).toBe(11);
    expect(previousOf(three, version(10, 1))).toBeNull();
  });
});
