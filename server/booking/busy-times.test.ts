import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '#common/site-content/weekdays.ts';
import { busyTimes, FeedNotReadable, FeedTooBusy } from './busy-times.ts';
import { freeSlots } from './slot-rules.ts';

const NEW_YORK = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString();
const march = { from: at('2027-03-01T00:00:00Z'), to: at('2027-04-01T00:00:00Z'), timeZone: NEW_YORK };

function calendar(...body: string[]) {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Owner//Calendar//EN', ...body, 'END:VCALENDAR'].join('\r\n');
}

function event(uid: string, ...lines: string[]) {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
}

const spans = (text: string, window = march) => busyTimes(text, window).map((span) => [iso(span.start), iso(span.end)]);

describe('busy times from an iCalendar feed', () => {
  const weekly = event(
    'mix-session@owner',
    'DTSTART;TZID=America/New_York:20270301T100000',
    'DTEND;TZID=America/New_York:20270301T113000',
    'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5',
    'EXDATE;TZID=America/New_York:20270315T100000',
    'SUMMARY:Mix session',
  );

  it('expands a weekly rule in its zone across the spring change, without the excluded date', () => {
    expect(spans(calendar(weekly))).toEqual([
      ['2027-03-01T15:00:00.000Z', '2027-03-01T16:30:00.000Z'],
      ['2027-03-08T15:00:00.000Z', '2027-03-08T16:30:00.000Z'],
      // 10:00 in New York is an hour earlier in UTC after 2027-03-14.
      ['2027-03-22T14:00:00.000Z', '2027-03-22T15:30:00.000Z'],
      ['2027-03-29T14:00:00.000Z', '2027-03-29T15:30:00.000Z'],
    ]);
  });

  it('takes a moved occurrence at its new time', () => {
    const moved = event(
      'mix-session@owner',
      'RECURRENCE-ID;TZID=America/New_York:20270322T100000',
      'DTSTART;TZID=America/New_York:20270322T140000',
      'DTEND;TZID=America/New_York:20270322T150000',
    );
    const found = spans(calendar(weekly, moved));
    expect(found).toContainEqual(['2027-03-22T18:00:00.000Z', '2027-03-22T19:00:00.000Z']);
    expect(found).not.toContainEqual(['2027-03-22T14:00:00.000Z', '2027-03-22T15:30:00.000Z']);
  });

  it('reads a zone the feed defines itself, as Outlook names them', () => {
    const zone = [
      'BEGIN:VTIMEZONE',
      'TZID:Tokyo Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
    ].join('\r\n');
    const call = event('call@owner', 'DTSTART;TZID=Tokyo Standard Time:20270310T090000', 'DTEND;TZID=Tokyo Standard Time:20270310T100000');
    expect(spans(calendar(zone, call))).toEqual([['2027-03-10T00:00:00.000Z', '2027-03-10T01:00:00.000Z']]);
  });

  it('reads UTC times as they are and floating times in the studio’s zone', () => {
    const utc = event('utc@owner', 'DTSTART:20270310T150000Z', 'DTEND:20270310T160000Z');
    const floating = event('floating@owner', 'DTSTART:20270311T090000', 'DTEND:20270311T093000');
    expect(spans(calendar(utc, floating))).toEqual([
      ['2027-03-10T15:00:00.000Z', '2027-03-10T16:00:00.000Z'],
      ['2027-03-11T14:00:00.000Z', '2027-03-11T14:30:00.000Z'],
    ]);
  });

  it('blocks the whole studio day for an all-day event, and ignores free and cancelled ones', () => {
    const holiday = event('holiday@owner', 'DTSTART;VALUE=DATE:20270317', 'DTEND;VALUE=DATE:20270318');
    const birthday = event('birthday@owner', 'DTSTART;VALUE=DATE:20270318', 'DTEND;VALUE=DATE:20270319', 'TRANSP:TRANSPARENT');
    const cancelled = event('cancelled@owner', 'DTSTART:20270319T150000Z', 'DTEND:20270319T160000Z', 'STATUS:CANCELLED');
    expect(spans(calendar(holiday, birthday, cancelled))).toEqual([['2027-03-17T04:00:00.000Z', '2027-03-18T04:00:00.000Z']]);
  });

  it('keeps only what touches the asked span', () => {
    const early = event('early@owner', 'DTSTART:20270201T150000Z', 'DTEND:20270201T160000Z');
    const late = event('late@owner', 'DTSTART:20270501T150000Z', 'DTEND:20270501T160000Z');
    expect(spans(calendar(early, late))).toEqual([]);
  });

  it('stops an endless rule at the span instead of walking it forever', () => {
    const daily = event('daily@owner', 'DTSTART:20270301T150000Z', 'DTEND:20270301T153000Z', 'RRULE:FREQ=DAILY');
    expect(spans(calendar(daily))).toHaveLength(31);
  });

  it('refuses a feed whose rules give more busy times than the budget, counted over the whole feed', () => {
    const minutely = event('minutely@owner', 'DTSTART:20270301T000000Z', 'DTEND:20270301T000030Z', 'RRULE:FREQ=MINUTELY');
    const budget = { maxOccurrences: 5_000, maxSteps: 1_000_000 };
    expect(() => busyTimes(calendar(minutely), march, budget)).toThrow(FeedTooBusy);
    const hourly = (index: number) =>
      event(`hourly-${index}@owner`, 'DTSTART:20270301T000000Z', 'DTEND:20270301T000500Z', 'RRULE:FREQ=HOURLY');
    // Seven hourly rules give 744 each in March: 5,208 together.
    expect(() => busyTimes(calendar(...[0, 1, 2, 3, 4, 5, 6].map(hourly)), march, budget)).toThrow(FeedTooBusy);
    expect(busyTimes(calendar(...[0, 1, 2, 3, 4, 5].map(hourly)), march, budget)).toHaveLength(6 * 744);
  });

  it('refuses a feed whose rules take too many steps to reach the window', () => {
    const since2000 = event('old@owner', 'DTSTART:20000101T150000Z', 'DTEND:20000101T160000Z', 'RRULE:FREQ=DAILY');
    expect(() => busyTimes(calendar(since2000), march, { maxOccurrences: 50_000, maxSteps: 5_000 })).toThrow(FeedTooBusy);
    expect(busyTimes(calendar(since2000), march, { maxOccurrences: 50_000, maxSteps: 20_000 })).toHaveLength(31);
  });

  it('reaches the span with a daily event kept for years, and an old occurrence moved into it', () => {
    const standup = event(
      'standup@owner',
      'DTSTART;TZID=America/New_York:20100104T120000',
      'DTEND;TZID=America/New_York:20100104T121500',
      'RRULE:FREQ=DAILY',
    );
    const moved = event(
      'standup@owner',
      'RECURRENCE-ID;TZID=America/New_York:20120102T120000',
      'DTSTART;TZID=America/New_York:20270310T070000',
      'DTEND;TZID=America/New_York:20270310T071500',
    );
    const found = spans(calendar(standup, moved));
    expect(found).toHaveLength(32);
    expect(found[0]).toEqual(['2027-03-01T17:00:00.000Z', '2027-03-01T17:15:00.000Z']);
    expect(found).toContainEqual(['2027-03-10T12:00:00.000Z', '2027-03-10T12:15:00.000Z']);
  });

  it('refuses text that is not a calendar', () => {
    expect(() => busyTimes('<html>Sign in to Google</html>', march)).toThrow(FeedNotReadable);
    expect(() => busyTimes('BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD', march)).toThrow(FeedNotReadable);
  });

  it('takes the busy times away from the slots', () => {
    const busy = busyTimes(calendar(weekly), march);
    const availability = { timeZone: NEW_YORK, weekly: WEEKDAYS.map((day) => ({ day, from: '09:00', to: '12:00' })), datesOff: [] };
    const shape = {
      lengthMinutes: 20,
      startEveryMinutes: 30,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minimumNoticeMinutes: 0,
      horizonDays: 60,
      maxPerDay: 10,
    };
    const monday = (date: string) =>
      freeSlots({
        shape,
        availability,
        busy,
        taken: [],
        now: at('2027-02-01T00:00:00Z'),
        from: at(`${date}T00:00:00Z`),
        to: at(`${date}T23:59:00Z`),
      }).map((slot) => iso(slot.start));
    // Busy 10:00-11:30: 9:00, 9:30 and 11:30 stay; on the excluded Monday the whole morning is free.
    expect(monday('2027-03-22')).toEqual(['2027-03-22T13:00:00.000Z', '2027-03-22T13:30:00.000Z', '2027-03-22T15:30:00.000Z']);
    expect(monday('2027-03-15')).toHaveLength(6);
  });
});
