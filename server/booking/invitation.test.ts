import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { invitationFile, subscriptionFeed, type InvitedBooking } from './invitation.ts';

const organizer = { name: 'Decatur Sound, Mixing & Mastering', email: 'studio@example.com' };
const booking: InvitedBooking = {
  icsUid: '2f0c7a1e-1111-4222-8333-444455556666@booking',
  icsSequence: 0,
  startAt: '2027-03-14T13:00:00.000Z',
  endAt: '2027-03-14T13:20:00.000Z',
  typeName: 'Free consultation',
  howItHappens: 'We call you at +1 404 555 0100; have your rough mix ready, please.',
  location: '',
  manageUrl: 'https://studio.example.com/book/manage/abc',
  visitor: { name: 'Aiko Tanaka', email: 'aiko@example.jp' },
  cancelled: false,
};

function read(text: string) {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  const vevent = vcalendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return { vcalendar, vevent, event };
}

describe('the invitation a visitor receives', () => {
  it('reads back in a real iCalendar parser with the slot’s start and end, the studio as organizer', () => {
    const text = invitationFile(booking, organizer, new Date('2027-03-01T00:00:00Z'));
    expect(text.split('\r\n').every((line) => line.length <= 75)).toBe(true);
    const { vcalendar, vevent, event } = read(text);
    expect(vcalendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.startDate.toJSDate().toISOString()).toBe(booking.startAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(booking.endAt);
    expect(event.uid).toBe(booking.icsUid);
    expect(event.sequence).toBe(0);
    expect(event.organizer).toBe('mailto:studio@example.com');
    expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe(organizer.name);
    expect(event.attendees[0]?.getFirstValue()).toBe('mailto:aiko@example.jp');
    expect(event.summary).toBe('Free consultation with Decatur Sound, Mixing & Mastering');
    expect(event.description).toContain('+1 404 555 0100; have your rough mix ready, please.');
    expect(event.description).toContain('Change or cancel: https://studio.example.com/book/manage/abc');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('keeps its UID and raises its SEQUENCE when rescheduled, and cancels with METHOD:CANCEL', () => {
    const moved = read(
      invitationFile({ ...booking, icsSequence: 1, startAt: '2027-03-15T13:00:00.000Z', endAt: '2027-03-15T13:20:00.000Z' }, organizer),
    );
    expect(moved.event.uid).toBe(booking.icsUid);
    expect(moved.event.sequence).toBe(1);
    const cancelled = read(invitationFile({ ...booking, icsSequence: 2, cancelled: true }, organizer));
    expect(cancelled.vcalendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.event.sequence).toBe(2);
  });

  it('names a video call’s link as its place and address', () => {
    const { event, vevent } = read(invitationFile({ ...booking, location: 'https://meet.example.com/studio' }, organizer));
    expect(event.location).toBe('https://meet.example.com/studio');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://meet.example.com/studio');
  });
});

describe('the owner’s subscription', () => {
  it('lists every booking with the visitor’s name, without the visitor’s own links', () => {
    const feed = subscriptionFeed(
      [booking, { ...booking, icsUid: 'other@booking', cancelled: true, visitor: { name: 'Sam', email: 'sam@example.com' } }],
      organizer,
    );
    const vcalendar = new ICAL.Component(ICAL.parse(feed));
    expect(vcalendar.getFirstPropertyValue('method')).toBeNull();
    const events = vcalendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.summary)).toEqual(['Free consultation: Aiko Tanaka', 'Free consultation: Sam']);
    expect(events[1]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(feed).not.toContain('book/manage');
  });
});
