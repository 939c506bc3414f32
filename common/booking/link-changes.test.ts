import { describe, expect, it } from 'vitest';
import { isChangeable } from './link-changes.ts';

describe('isChangeable', () => {
  const now = Date.parse('2027-03-15T12:00:00Z');
  it('is true for a confirmed booking that has not started', () => {
    expect(isChangeable({ status: 'confirmed', start: '2027-03-15T13:00:00Z' }, now)).toBe(true);
    expect(isChangeable({ status: 'confirmed', start: '2027-03-15T12:00:00Z' }, now)).toBe(false);
    expect(isChangeable({ status: 'cancelled', start: '2027-03-16T13:00:00Z' }, now)).toBe(false);
  });
});
