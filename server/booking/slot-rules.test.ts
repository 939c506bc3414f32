import { describe, expect, it } from 'vitest';
import { slotDays } from '#common/booking/slot-days.ts';
import { WEEKDAYS } from '#common/site-content/weekdays.ts';
import { freeSlots, isFreeSlot, slotProblem, type SlotQuery, type SlotShape, type TakenSpan, mergedSpans } from './slot-rules.ts';

const NEW_YORK = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString();

const shape: SlotShape = {
  lengthMinutes: 20,
  startEveryMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 400,
  maxPerDay: 20,
};

function query(overrides: Partial<SlotQuery> & { from: number; to: number }): SlotQuery {
  return {
    shape,
    availability: { timeZone: NEW_YORK, weekly: WEEKDAYS.map((day) => ({ day, from: '09:00', to: '11:00' })), datesOff: [] },
    busy: [],
    taken: [],
    now: at('2027-01-01T00:00:00Z'),
    ...overrides,
  };
}

/** The starts of one studio day, as UTC instants. */
function startsOn(date: string, overrides: Partial<SlotQuery> = {}) {
  const midnight = at(`${date}T00:00:00Z`);
  return freeSlots(query({ from: midnight - 86_400_000, to: midnight + 2 * 86_400_000, ...overrides }))
    .filter((slot) => new Intl.DateTimeFormat('en-CA', { timeZone: NEW_YORK }).format(slot.start) === date)
    .map((slot) => iso(slot.start));
}

/** What a visitor in `zone` reads for one studio week: their dates and clock times. */
function seenFrom(zone: string, from: string, to: string) {
  const starts = freeSlots(query({ from: at(from), to: at(to) })).map((slot) => slot.start);
  return slotDays(starts, zone, NEW_YORK).map((day) => ({
    date: day.date,
    times: day.slots.map((slot) => slot.local.replace(/\s/g, ' ')),
  }));
}

describe('the studio keeps its hours across daylight-saving changes', () => {
  it('moves the instants, not the hours, when New York springs forward (2027-03-14)', () => {
    expect(startsOn('2027-03-13')).toEqual([
      '2027-03-13T14:00:00.000Z',
      '2027-03-13T14:30:00.000Z',
      '2027-03-13T15:00:00.000Z',
      '2027-03-13T15:30:00.000Z',
    ]);
    expect(startsOn('2027-03-14')).toEqual([
      '2027-03-14T13:00:00.000Z',
      '2027-03-14T13:30:00.000Z',
      '2027-03-14T14:00:00.000Z',
      '2027-03-14T14:30:00.000Z',
    ]);
  });

  it('moves them back when New York falls back (2027-11-07)', () => {
    expect(startsOn('2027-11-06')[0]).toBe('2027-11-06T13:00:00.000Z');
    expect(startsOn('2027-11-07')[0]).toBe('2027-11-07T14:00:00.000Z');
  });

  it('offers a window over the skipped hour once per real half hour', () => {
    const weekly = [{ day: 'sun' as const, from: '01:00', to: '04:00' }];
    const starts = startsOn('2027-03-14', { availability: { timeZone: NEW_YORK, weekly, datesOff: [] } });
    // 01:00-04:00 on that night is two real hours: 01:00 and 01:30 EST, then 03:00 and 03:30 EDT.
    expect(starts).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T06:30:00.000Z',
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
    ]);
  });

  it('offers a window over the repeated hour for each of its real half hours', () => {
    const weekly = [{ day: 'sun' as const, from: '00:30', to: '02:00' }];
    const starts = startsOn('2027-11-07', { availability: { timeZone: NEW_YORK, weekly, datesOff: [] } });
    // 00:30 EDT to 02:00 EST is two and a half real hours: 01:00 and 01:30 come twice, once in each offset.
    expect(starts).toEqual([
      '2027-11-07T04:30:00.000Z',
      '2027-11-07T05:00:00.000Z',
      '2027-11-07T05:30:00.000Z',
      '2027-11-07T06:00:00.000Z',
      '2027-11-07T06:30:00.000Z',
    ]);
  });
});

describe('a visitor elsewhere reads the same slots in their own time', () => {
  it('in Tokyo, the spring change shifts the evening an hour earlier from the 14th', () => {
    const days = seenFrom('Asia/Tokyo', '2027-03-13T00:00:00Z', '2027-03-15T00:00:00Z');
    expect(days).toEqual([
      { date: '2027-03-13', times: ['11:00 PM', '11:30 PM'] },
      { date: '2027-03-14', times: ['12:00 AM', '12:30 AM', '10:00 PM', '10:30 PM', '11:00 PM', '11:30 PM'] },
    ]);
  });

  it('in London, which changes two weeks later, the gap shrinks from five hours to four', () => {
    const days = seenFrom('Europe/London', '2027-03-13T00:00:00Z', '2027-03-15T00:00:00Z');
    expect(days.map((day) => day.times[0])).toEqual(['2:00 PM', '1:00 PM']);
  });

  it('in Los Angeles, which changes the same night, nothing moves', () => {
    const spring = seenFrom('America/Los_Angeles', '2027-03-13T00:00:00Z', '2027-03-15T00:00:00Z');
    const autumn = seenFrom('America/Los_Angeles', '2027-11-06T00:00:00Z', '2027-11-08T00:00:00Z');
    for (const days of [spring, autumn]) expect(days.map((day) => day.times[0])).toEqual(['6:00 AM', '6:00 AM']);
  });

  it('in Kolkata, which has no daylight saving and a half-hour offset, the autumn change moves the evening later', () => {
    const days = seenFrom('Asia/Kolkata', '2027-11-06T00:00:00Z', '2027-11-08T00:00:00Z');
    expect(days.map((day) => ({ date: day.date, first: day.times[0] }))).toEqual([
      { date: '2027-11-06', first: '6:30 PM' },
      { date: '2027-11-07', first: '7:30 PM' },
    ]);
  });

  it('words the studio time beside the visitor’s', () => {
    const [day] = slotDays([at('2027-03-14T13:00:00Z')], 'Asia/Tokyo', NEW_YORK);
    expect(day.slots[0].local.replace(/\s/g, ' ')).toBe('10:00 PM');
    expect(day.slots[0].studio.replace(/\s/g, ' ')).toBe('9:00 AM');
    expect(day.slots[0].start).toBe('2027-03-14T13:00:00.000Z');
  });
});

describe('what a slot must keep clear of', () => {
  const day = '2027-01-12'; // a Tuesday, EST (UTC-5)
  const ten = at(`${day}T15:00:00Z`);
  const booking = (start: number, minutes = 20, buffer = 0): TakenSpan => ({
    start,
    end: start + minutes * 60_000,
    bufferBeforeMinutes: buffer,
    bufferAfterMinutes: buffer,
  });
  const quarterly = { ...shape, startEveryMinutes: 15 };
  const morning = { timeZone: NEW_YORK, weekly: [{ day: 'tue' as const, from: '09:00', to: '12:00' }], datesOff: [] };

  it('does not offer a time that overlaps a booking', () => {
    expect(startsOn(day, { taken: [booking(ten)] })).not.toContain(iso(ten));
    expect(startsOn(day, { taken: [booking(ten)] })).toContain(iso(ten + 30 * 60_000));
  });

  it('keeps this type’s buffers around the other booking', () => {
    const buffered = { ...quarterly, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    const starts = startsOn(day, { shape: buffered, availability: morning, taken: [booking(ten)] });
    // 10:00-10:20 is taken: 9:30 would end at 9:50, within 15 minutes of 10:00; 10:30 starts 10 minutes after 10:20.
    expect(starts).toContain(iso(ten - 45 * 60_000));
    expect(starts).not.toContain(iso(ten - 30 * 60_000));
    expect(starts).not.toContain(iso(ten + 30 * 60_000));
    expect(starts).toContain(iso(ten + 45 * 60_000));
  });

  it('keeps the other booking’s own buffers too', () => {
    const starts = startsOn(day, { shape: quarterly, availability: morning, taken: [booking(ten, 20, 15)] });
    expect(starts).not.toContain(iso(ten + 30 * 60_000));
    expect(starts).toContain(iso(ten + 45 * 60_000));
  });

  it('does not offer a time that overlaps the owner’s busy time, with buffers', () => {
    const busy = [{ start: ten, end: ten + 60 * 60_000 }];
    expect(startsOn(day, { busy })).toEqual([iso(ten - 60 * 60_000), iso(ten - 30 * 60_000)]);
    const buffered = { ...shape, bufferAfterMinutes: 15 };
    expect(startsOn(day, { busy, shape: buffered })).toEqual([iso(ten - 60 * 60_000)]);
  });

  it('offers nothing on a day that has reached its limit, and the next day as usual', () => {
    const limited = { ...shape, maxPerDay: 1 };
    expect(startsOn(day, { shape: limited, taken: [booking(ten)] })).toEqual([]);
    expect(startsOn('2027-01-13', { shape: limited, taken: [booking(ten)] })).toHaveLength(4);
  });

  it('counts a booking on the studio’s date, not UTC’s', () => {
    // 8:00 PM in New York on the 11th is 01:00 UTC on the 12th: the 11th is full, the 12th is not.
    const limited = { ...shape, maxPerDay: 1 };
    const evening = booking(at('2027-01-12T01:00:00Z'));
    expect(startsOn(day, { shape: limited, taken: [evening] })).toHaveLength(4);
    expect(startsOn('2027-01-11', { shape: limited, taken: [evening] })).toEqual([]);
  });

  it('offers nothing on dates off, inclusive of both ends', () => {
    const availability = {
      timeZone: NEW_YORK,
      weekly: WEEKDAYS.map((weekday) => ({ day: weekday, from: '09:00', to: '11:00' })),
      datesOff: [{ from: '2027-01-11', to: day }],
    };
    expect(startsOn('2027-01-11', { availability })).toEqual([]);
    expect(startsOn(day, { availability })).toEqual([]);
    expect(startsOn('2027-01-13', { availability })).toHaveLength(4);
  });

  it('offers nothing on a weekday without hours', () => {
    const availability = { timeZone: NEW_YORK, weekly: [{ day: 'mon' as const, from: '09:00', to: '11:00' }], datesOff: [] };
    expect(startsOn(day, { availability })).toEqual([]);
    expect(startsOn('2027-01-11', { availability })).toHaveLength(4);
  });

  it('joins two windows of one day', () => {
    const availability = {
      timeZone: NEW_YORK,
      weekly: [
        { day: 'tue' as const, from: '09:00', to: '10:00' },
        { day: 'tue' as const, from: '14:00', to: '14:30' },
      ],
      datesOff: [],
    };
    expect(startsOn(day, { availability })).toEqual([iso(ten - 60 * 60_000), iso(ten - 30 * 60_000), iso(ten + 4 * 60 * 60_000)]);
  });
});

describe('notice and horizon', () => {
  it('offers nothing sooner than the notice', () => {
    const now = at('2027-01-12T14:10:00Z'); // 9:10 AM in New York
    const noticed = { ...shape, minimumNoticeMinutes: 60 };
    const slots = freeSlots(query({ now, shape: noticed, from: now, to: now + 2 * 86_400_000 })).map((slot) => iso(slot.start));
    expect(slots[0]).toBe('2027-01-12T15:30:00.000Z');
  });

  it('offers nothing past the horizon', () => {
    const now = at('2027-01-12T05:00:00Z');
    const near = { ...shape, horizonDays: 2 };
    const slots = freeSlots(query({ now, shape: near, from: now, to: now + 30 * 86_400_000 }));
    expect(new Set(slots.map((slot) => new Intl.DateTimeFormat('en-CA', { timeZone: NEW_YORK }).format(slot.start)))).toEqual(
      new Set(['2027-01-12', '2027-01-13']),
    );
  });

  it('answers an empty list when the asked span is in the past', () => {
    const now = at('2027-01-12T05:00:00Z');
    expect(freeSlots(query({ now, from: now - 5 * 86_400_000, to: now - 86_400_000 }))).toEqual([]);
  });
});

describe('isFreeSlot', () => {
  const base = { shape, availability: query({ from: 0, to: 0 }).availability, busy: [], taken: [], now: at('2027-01-01T00:00:00Z') };

  it('accepts a free start and refuses one off the boundary, taken or outside the hours', () => {
    expect(isFreeSlot(at('2027-01-12T14:30:00Z'), base)).toBe(true);
    expect(isFreeSlot(at('2027-01-12T14:31:00Z'), base)).toBe(false);
    expect(
      isFreeSlot(at('2027-01-12T14:30:00Z'), {
        ...base,
        taken: [{ start: at('2027-01-12T14:30:00Z'), end: at('2027-01-12T14:50:00Z'), bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }],
      }),
    ).toBe(false);
    expect(isFreeSlot(at('2027-01-12T20:00:00Z'), base)).toBe(false);
  });
});

describe('slotProblem', () => {
  const now = at('2027-01-12T05:00:00Z');
  const base = {
    shape: { ...shape, minimumNoticeMinutes: 12 * 60, horizonDays: 30 },
    availability: query({ from: 0, to: 0 }).availability,
    busy: [],
    taken: [],
    now,
  };
  const free = at('2027-01-13T14:30:00Z');

  it('names a past, a too-soon, a too-far and an off-boundary start as the visitor’s mistake', () => {
    expect(slotProblem(now - 60_000, base)).toBe('past');
    expect(slotProblem(at('2027-01-12T14:30:00Z'), base)).toBe('too-soon');
    expect(slotProblem(at('2027-03-01T14:30:00Z'), base)).toBe('too-far');
    expect(slotProblem(at('2027-01-13T14:35:00Z'), base)).toBe('not-a-slot');
    expect(slotProblem(at('2027-01-13T20:00:00Z'), base)).toBe('not-a-slot');
  });

  it('names a free slot that a booking or a busy time now covers as taken', () => {
    expect(slotProblem(free, base)).toBeNull();
    expect(
      slotProblem(free, { ...base, taken: [{ start: free, end: free + 20 * 60_000, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }] }),
    ).toBe('taken');
    expect(slotProblem(free, { ...base, busy: [{ start: free - 60_000, end: free + 60_000 }] })).toBe('taken');
  });
});

describe('busy spans as disjoint runs', () => {
  it('joins overlapping and touching spans, in order, whatever order they came in', () => {
    const spans = [
      { start: 50, end: 60 },
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 15, end: 30 },
      { start: 40, end: 45 },
    ];
    expect(mergedSpans(spans)).toEqual([
      { start: 0, end: 30 },
      { start: 40, end: 45 },
      { start: 50, end: 60 },
    ]);
    // The input is left as it was.
    expect(spans[0]).toEqual({ start: 50, end: 60 });
  });
});
