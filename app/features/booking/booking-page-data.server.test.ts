import { describe, expect, it } from 'vitest';
import { initialChoice, knownZones } from './booking-page-data.server.ts';

const slots = ['2027-03-15T13:00:00.000Z', '2027-03-15T13:30:00.000Z'];
const choice = (query: string) =>
  initialChoice(new URLSearchParams(query), { type: 'intro', tz: 'America/New_York', studioZone: 'America/New_York' }, slots);

describe('initialChoice', () => {
  it('starts in the studio zone until the address names one', () => {
    expect(choice('')).toMatchObject({ type: 'intro', tz: 'America/New_York', tzChosen: false, day: null, start: null });
    expect(choice('tz=Asia/Tokyo')).toMatchObject({ tz: 'Asia/Tokyo', tzChosen: true });
  });

  it('ignores a zone, a day or a start it cannot use', () => {
    expect(choice('tz=Mars/Olympus')).toMatchObject({ tz: 'America/New_York', tzChosen: false });
    expect(choice('day=tomorrow').day).toBeNull();
    expect(choice('day=2027-03-15').day).toBe('2027-03-15');
    // A start is used only while it is one of the free slots (a taken one sends the visitor back to the times).
    expect(choice('start=2027-03-15T14:00:00.000Z').start).toBeNull();
    expect(choice(`start=${encodeURIComponent(slots[1]!)}`).start).toBe(slots[1]);
  });
});

describe('the slots worded by the server', () => {
  it("groups them by the visitor's dates and words the day on show, the studio's time beside", () => {
    const tokyo = choice('tz=Asia/Tokyo');
    // 13:00Z is 22:00 in Tokyo, the same date: one day of two times.
    expect(tokyo.days).toEqual([{ date: '2027-03-15', starts: slots }]);
    expect(tokyo.shown).toEqual({
      date: '2027-03-15',
      times: [
        { start: slots[0], local: '10:00 PM', studio: '9:00 AM' },
        { start: slots[1], local: '10:30 PM', studio: '9:30 AM' },
      ],
    });
  });

  it('shows no day when there are no free times', () => {
    expect(initialChoice(new URLSearchParams(''), { type: 'intro', tz: 'UTC', studioZone: 'UTC' }, [])).toMatchObject({
      days: [],
      shown: null,
    });
  });
});

describe('knownZones', () => {
  it('offers UTC and the zones people pick, sorted', () => {
    const zones = knownZones();
    expect(zones).toEqual(expect.arrayContaining(['UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/London']));
    expect([...zones].sort()).toEqual(zones);
  });
});
