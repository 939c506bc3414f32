import { describe, expect, it } from 'vitest';
import { announcementChangesAt, announcementSchema, shownAnnouncement, startOfDayIn } from './announcement.ts';

const ZONE = 'America/New_York';
const bar = { text: 'Holiday special', link: '/book', from: '2026-12-20', to: '2026-12-26' };

describe('the announcement bar between its days', () => {
  it('begins at midnight of its first day and ends after its last, in the studio’s zone', () => {
    const starts = Date.parse('2026-12-20T05:00:00Z');
    const ends = Date.parse('2026-12-27T05:00:00Z');
    expect(startOfDayIn('2026-12-20', ZONE)).toBe(starts);
    expect(shownAnnouncement(bar, ZONE, starts - 1)).toBeNull();
    expect(shownAnnouncement(bar, ZONE, starts)).toEqual({ text: 'Holiday special', link: '/book' });
    expect(shownAnnouncement(bar, ZONE, ends - 1)).not.toBeNull();
    expect(shownAnnouncement(bar, ZONE, ends)).toBeNull();
  });

  it('says when a page showing it stops being right: its first day, then the day after its last, then never', () => {
    const starts = Date.parse('2026-12-20T05:00:00Z');
    const ends = Date.parse('2026-12-27T05:00:00Z');
    expect(announcementChangesAt(bar, ZONE, starts - 60_000)).toBe(starts);
    expect(announcementChangesAt(bar, ZONE, starts)).toBe(ends);
    expect(announcementChangesAt(bar, ZONE, ends)).toBeNull();
    expect(announcementChangesAt({ ...bar, text: '' }, ZONE, starts - 60_000)).toBeNull();
  });

  it('keeps the zone’s own midnight across a clock change', () => {
    expect(startOfDayIn('2026-03-08', ZONE)).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(startOfDayIn('2026-03-09', ZONE)).toBe(Date.parse('2026-03-09T04:00:00Z'));
    expect(startOfDayIn('2026-07-01', 'Asia/Kolkata')).toBe(Date.parse('2026-06-30T18:30:00Z'));
  });

  it('leaves an empty day open and refuses a last day before the first, or a link elsewhere in disguise', () => {
    expect(shownAnnouncement({ ...bar, from: '', to: '' }, ZONE, 0)).not.toBeNull();
    expect(announcementSchema.safeParse({ ...bar, to: '2026-12-19' }).success).toBe(false);
    expect(announcementSchema.safeParse({ ...bar, link: '//evil.example' }).success).toBe(false);
    expect(announcementSchema.safeParse({ ...bar, link: 'javascript:alert(1)' }).success).toBe(false);
    expect(announcementSchema.safeParse({ ...bar, link: 'https://example.com/sale' }).success).toBe(true);
  });
});
