import { describe, expect, it } from 'vitest';
import { correctionFor, NUDGE } from './ab-sync.ts';

describe('correctionFor', () => {
  it('leaves a follower that is together with the leader at normal speed', () => {
    expect(correctionFor(10, 10.02, 60)).toEqual({ kind: 'rate', rate: 1 });
  });

  it('nudges a follower that is a little behind or ahead', () => {
    expect(correctionFor(10, 9.8, 60)).toEqual({ kind: 'rate', rate: 1 + NUDGE });
    expect(correctionFor(10, 10.2, 60)).toEqual({ kind: 'rate', rate: 1 - NUDGE });
  });

  it('seeks a follower that is far off', () => {
    expect(correctionFor(30, 12, 60)).toEqual({ kind: 'seek', to: 30 });
  });

  it('lets a shorter version end', () => {
    expect(correctionFor(58, 55, 55)).toEqual({ kind: 'none' });
  });
});
