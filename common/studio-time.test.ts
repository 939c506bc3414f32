import { describe, expect, it } from 'vitest';
import { formatStudioTime } from './studio-time.ts';

describe('studio time', () => {
  it("words a moment in the studio's time zone, daylight saving included", () => {
    expect(formatStudioTime('2026-11-26T22:00:00.000Z', 'America/New_York')).toBe('Nov 26, 2026, 5:00 PM EST');
    expect(formatStudioTime('2026-07-04T16:30:00.000Z', 'America/New_York')).toBe('Jul 4, 2026, 12:30 PM EDT');
    expect(formatStudioTime('2026-11-26T22:00:00.000Z', 'America/Chicago')).toBe('Nov 26, 2026, 4:00 PM CST');
  });

  it('falls back to UTC for an unknown zone and leaves text that is no time alone', () => {
    expect(formatStudioTime('2026-11-26T22:00:00.000Z', 'Mars/Olympus')).toBe('Nov 26, 2026, 10:00 PM UTC');
    expect(formatStudioTime('soon', 'America/New_York')).toBe('soon');
  });
});
