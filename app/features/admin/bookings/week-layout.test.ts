import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '#common/booking/admin.ts';
import {
  addDays,
  blockPlacement,
  fetchRange,
  hourLabel,
  layoutWeek,
  minuteOfDay,
  mondayOf,
  weekAvailability,
  weekDates,
} from './week-layout.ts';

const NEW_YORK = 'America/New_York';

function booking(id: number, start: string, minutes: number, status: AdminBooking['status'] = 'confirmed'): AdminBooking {
  return {
    id,
    typeKey: 'free-consultation',
    typeName: 'Free consultation',
    meeting: 'phone',
    place: '+1 555 0100',
    start,
    end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    status,
    name: `Visitor ${id}`,
    email: `v${id}@example.com`,
    phone: '+1 555 0100',
    note: null,
    visitorZone: 'Asia/Tokyo',
    ownerNotes: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelMessage: null,
    assigneeId: null,
    assignee: null,
    createdAt: start,
    enquiryId: null,
  };
}

describe('the studio week', () => {
  it('starts on the Monday of the studio date, not the UTC one', () => {
    // Monday 2027-03-15 01:00 UTC is still Sunday evening in New York: that week began on March 8.
    expect(mondayOf(Date.parse('2027-03-15T01:00:00Z'), NEW_YORK)).toBe('2027-03-08');
    expect(mondayOf(Date.parse('2027-03-15T05:00:00Z'), NEW_YORK)).toBe('2027-03-15');
    // A Sunday in Tokyo belongs to the week before.
    expect(mondayOf(Date.parse('2027-03-14T10:00:00Z'), 'Asia/Tokyo')).toBe('2027-03-08');
  });

  it('moves dates by whole days across month and year ends', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('asks for a day either side, so every zone is covered', () => {
    expect(fetchRange('2027-03-08')).toEqual({ from: '2027-03-07T00:00:00Z', to: '2027-03-16T00:00:00Z' });
  });

  it('reads the studio wall clock on the days daylight saving starts and ends', () => {
    // 2027-03-14: clocks jump 2:00 -> 3:00 in New York; 14:00 UTC is 10:00 EDT (it was 9:00 EST the day before).
    expect(minuteOfDay(Date.parse('2027-03-14T14:00:00Z'), NEW_YORK)).toBe(10 * 60);
    expect(minuteOfDay(Date.parse('2027-03-13T14:00:00Z'), NEW_YORK)).toBe(9 * 60);
    // 2027-11-07: back to EST; 14:00 UTC is 9:00 again.
    expect(minuteOfDay(Date.parse('2027-11-07T14:00:00Z'), NEW_YORK)).toBe(9 * 60);
    // 1:30 comes twice that night: first in EDT, then in EST.
    expect(minuteOfDay(Date.parse('2027-11-07T05:30:00Z'), NEW_YORK)).toBe(90);
    expect(minuteOfDay(Date.parse('2027-11-07T06:30:00Z'), NEW_YORK)).toBe(90);
  });
});

describe('the week layout', () => {
  it('puts each booking on its studio date, in start order, and leaves out other weeks', () => {
    const layout = layoutWeek(
      [
        booking(2, '2027-03-10T19:00:00Z', 20), // Wed 14:00 EST
        booking(1, '2027-03-10T14:30:00Z', 20), // Wed 9:30 EST
        booking(3, '2027-03-15T02:00:00Z', 20), // Sun 22:00 EDT (Monday in UTC)
        booking(4, '2027-03-16T14:00:00Z', 20), // next week
      ],
      '2027-03-08',
      NEW_YORK,
    );
    expect(layout.dates).toEqual(['2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13', '2027-03-14']);
    expect(layout.days['2027-03-10'].map((block) => block.booking.id)).toEqual([1, 2]);
    expect(layout.days['2027-03-14'].map((block) => [block.booking.id, block.startMinute, block.endMinute])).toEqual([
      [3, 22 * 60, 22 * 60 + 20],
    ]);
    expect(Object.values(layout.days).flat()).toHaveLength(3);
    // The late Sunday booking widens the hours shown.
    expect([layout.firstHour, layout.lastHour]).toEqual([8, 23]);
  });

  it('shows 8 to 20 when nothing is outside it, and places a block by its minutes', () => {
    const layout = layoutWeek([booking(1, '2027-03-09T14:30:00Z', 30)], '2027-03-08', NEW_YORK); // Tue 9:30 EST
    expect([layout.firstHour, layout.lastHour]).toEqual([8, 20]);
    const placement = blockPlacement(layout.days['2027-03-09'][0], layout);
    expect(placement.top).toBeCloseTo((90 / 720) * 100);
    expect(placement.height).toBeCloseTo((30 / 720) * 100);
  });

  it('cuts a booking that runs past midnight at the end of its day', () => {
    const layout = layoutWeek([booking(1, '2027-03-10T04:45:00Z', 30)], '2027-03-08', NEW_YORK); // Tue 23:45 EST
    expect(layout.days['2027-03-09'][0]).toMatchObject({ startMinute: 23 * 60 + 45, endMinute: 24 * 60 });
    expect(layout.lastHour).toBe(24);
  });

  it('shades the weekly hours of each date, except a date off, and widens the hours to them', () => {
    const dates = weekDates('2027-12-20');
    const availability = weekAvailability(
      {
        weekly: [
          { day: 'mon', from: '07:30', to: '12:00' },
          { day: 'mon', from: '13:00', to: '19:00' },
          { day: 'fri', from: '09:00', to: '17:00' },
        ],
        datesOff: [{ from: '2027-12-24', to: '2027-12-26', label: 'Holidays' }],
      },
      dates,
    );
    expect(availability.open['2027-12-20']).toEqual([
      { startMinute: 450, endMinute: 720 },
      { startMinute: 780, endMinute: 1140 },
    ]);
    expect(availability.open['2027-12-24']).toEqual([]); // a Friday, but off
    expect(availability.off).toEqual({ '2027-12-24': 'Holidays', '2027-12-25': 'Holidays', '2027-12-26': 'Holidays' });
    const layout = layoutWeek([], '2027-12-20', NEW_YORK, availability.open);
    expect([layout.firstHour, layout.lastHour]).toEqual([7, 20]);
  });

  it('labels the hours as a clock does', () => {
    expect([0, 9, 12, 13, 24].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '1 PM', '12 AM']);
  });
});
