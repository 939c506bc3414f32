import { describe, expect, it } from 'vitest';
import { bookingHref, calendarWeeks, longDay, monthsLabel, pickDay, plainSpaces, zoneChoices, zoneLabel } from './booking-steps.ts';

describe('bookingHref', () => {
  it('keeps the choices made so far and leaves blank ones out', () => {
    expect(bookingHref('/book', { type: 'intro', tz: 'Asia/Tokyo', day: null, start: '' })).toBe('/book?type=intro&tz=Asia%2FTokyo');
    expect(bookingHref('/book', {})).toBe('/book');
  });

  it('writes a start so it reads back as the same instant', () => {
    const href = bookingHref('/book/reschedule/abc', { start: '2027-03-15T13:00:00.000Z' });
    expect(new URL(href, 'http://x').searchParams.get('start')).toBe('2027-03-15T13:00:00.000Z');
  });
});

describe('pickDay', () => {
  const days = [
    { date: '2027-03-15', slots: [] },
    { date: '2027-03-16', slots: [] },
  ];
  it('takes the asked day when it has times, else the first', () => {
    expect(pickDay(days, '2027-03-16')?.date).toBe('2027-03-16');
    expect(pickDay(days, '2027-03-20')?.date).toBe('2027-03-15');
    expect(pickDay(days, null)?.date).toBe('2027-03-15');
    expect(pickDay([], '2027-03-15')).toBeNull();
  });
});

describe('calendarWeeks', () => {
  it('lays the open dates out in whole weeks from Monday to Sunday', () => {
    // Wednesday 2027-03-10 to Tuesday 2027-03-16.
    const weeks = calendarWeeks(['2027-03-10', '2027-03-12', '2027-03-16']);
    expect(weeks).toHaveLength(2);
    expect(weeks.map((week) => week.length)).toEqual([7, 7]);
    expect(weeks[0]![0]).toEqual({ date: '2027-03-08', dayOfMonth: 8, open: false });
    expect(weeks[0]!.filter((cell) => cell.open).map((cell) => cell.date)).toEqual(['2027-03-10', '2027-03-12']);
    expect(weeks[1]!.at(-1)).toEqual({ date: '2027-03-21', dayOfMonth: 21, open: false });
  });

  it('crosses a month and a daylight-saving change without losing or repeating a date', () => {
    const weeks = calendarWeeks(['2027-03-29', '2027-04-02']);
    expect(weeks.flat().map((cell) => cell.dayOfMonth)).toEqual([29, 30, 31, 1, 2, 3, 4]);
    const autumn = calendarWeeks(['2027-10-29', '2027-11-08']).flat();
    expect(new Set(autumn.map((cell) => cell.date)).size).toBe(autumn.length);
    expect(autumn).toHaveLength(21);
  });

  it('has nothing to lay out without open dates', () => {
    expect(calendarWeeks([])).toEqual([]);
  });
});

describe('words', () => {
  it('names the months a span covers', () => {
    expect(monthsLabel('2027-03-01', '2027-03-30')).toBe('March 2027');
    expect(monthsLabel('2027-03-20', '2027-04-18')).toBe('March – April 2027');
    expect(monthsLabel('2027-12-20', '2028-01-18')).toBe('December 2027 – January 2028');
  });

  it('lists the zones sorted, with the ones in use even when the platform lacks them', () => {
    const known = ['Asia/Tokyo', 'Europe/London'];
    expect(zoneChoices(known, 'Asia/Kolkata', 'Asia/Tokyo', 'Asia/Kolkata')).toEqual(['Asia/Kolkata', 'Asia/Tokyo', 'Europe/London']);
    expect(zoneChoices(known, 'Europe/London')).toBe(known);
    expect(zoneLabel('America/New_York')).toBe('America/New York');
  });

  it('spells times with plain spaces, whatever the platform puts before AM/PM', () => {
    expect(plainSpaces('9:30\u202fPM')).toBe('9:30 PM');
  });
});

describe('longDay', () => {
  it('words a calendar date as Intl would in English', () => {
    for (const date of ['2027-03-14', '2027-11-07', '2028-02-29', '2026-12-31']) {
      const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
      expect(longDay(date)).toBe(intl.format(Date.parse(`${date}T00:00:00Z`)));
    }
  });
});
