import { describe, expect, it } from 'vitest';
import { fieldId, getAt, isWithin, setAt } from './paths.ts';

describe('editor paths', () => {
  const studio = { name: 'A', hours: { days: [{ day: 'mon', opens: '09:00' }] } };

  it('read a nested value by the path the API names it with', () => {
    expect(getAt(studio, 'hours.days.0.opens')).toBe('09:00');
    expect(getAt(studio, 'hours.days.3.opens')).toBeUndefined();
  });

  it('write a copy and leave the original and its untouched branches as they were', () => {
    const next = setAt(studio, 'hours.days.0.opens', '10:00');
    expect(next.hours.days[0]).toEqual({ day: 'mon', opens: '10:00' });
    expect(Array.isArray(next.hours.days)).toBe(true);
    expect(studio.hours.days[0]!.opens).toBe('09:00');
    expect(setAt(studio, 'name', 'B').hours).toBe(studio.hours);
  });

  it('make input ids and tell which paths lie inside a list', () => {
    expect(fieldId('studio', 'social.1.url')).toBe('site-studio-social-1-url');
    expect(isWithin('social.1.url', 'social')).toBe(true);
    expect(isWithin('socialist', 'social')).toBe(false);
  });
});
