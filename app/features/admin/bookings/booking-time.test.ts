import { describe, expect, it } from 'vitest';
import { hasStarted, sameClock, spanIn, visitorStart } from './booking-time.ts';

describe('a booking time in the admin', () => {
  it('reads the span once in the studio zone, with its abbreviation', () => {
    const text = spanIn('2027-03-15T13:30:00Z', '2027-03-15T13:50:00Z', 'America/New_York').replace(/\s/g, ' ');
    expect(text).toMatch(/^Mon, Mar 15, 2027, 9:30 – 9:50 AM EDT$/);
  });

  it('gives the visitor their own day and clock, named by their zone', () => {
    expect(visitorStart('2027-03-15T13:30:00Z', 'Asia/Tokyo').replace(/\s/g, ' ')).toBe('Mon, Mar 15, 10:30 PM in Asia/Tokyo');
    expect(visitorStart('2027-03-15T23:30:00Z', 'Asia/Kolkata').replace(/\s/g, ' ')).toBe('Tue, Mar 16, 5:00 AM in Asia/Kolkata');
  });

  it('says one time when both clocks agree', () => {
    expect(sameClock('2027-03-15T13:30:00Z', 'America/Toronto', 'America/New_York')).toBe(true);
    expect(sameClock('2027-03-15T13:30:00Z', 'Europe/London', 'America/New_York')).toBe(false);
  });

  it('counts a consultation as started from its first minute', () => {
    const start = '2027-03-15T13:30:00Z';
    expect(hasStarted(start, Date.parse(start) - 1)).toBe(false);
    expect(hasStarted(start, Date.parse(start))).toBe(true);
  });

  it('falls back to UTC for a zone the platform does not know', () => {
    expect(spanIn('2027-03-15T13:30:00Z', '2027-03-15T13:50:00Z', 'Mars/Olympus')).toContain('UTC');
  });
});
