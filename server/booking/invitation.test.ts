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
  location: '+1 404 555 0100',
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

/** Every content line as sent: each must end in CRLF, the last too, and hold at most 75 octets. */
function expectRfcLines(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
  // Folding never splits a character: each line is whole UTF-8 on its own.
  for (const line of lines) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
}

const LONG_NAME = 'Ōkubo Ræðismaður-Jørgensen 山田太郎 ✨🎚️ '.repeat(4).trim();
const LONG_NOTE = 'Zwölf Lieder für ein Album, gemischt und gemastert; 日本語のメモ 🎧. '.repeat(6).trim();
const STUDIO_ADDRESS = 'Großmarkthalle, Rückertstraße 7, 60314 Frankfurt am Main — Hinterhof, 2. Stock links';

describe('the calendar text, as RFC 5545 wants it', () => {
  it('folds every line of the invitation to at most 75 octets by octets, ends every line in CRLF, and reads back whole', () => {
    const long = { ...booking, location: STUDIO_ADDRESS, howItHappens: LONG_NOTE, visitor: { name: LONG_NAME, email: 'aiko@example.jp' } };
    for (const cancelled of [false, true]) {
      const text = invitationFile({ ...long, cancelled }, { ...organizer, name: `${organizer.name} — Überspielung GmbH` });
      expectRfcLines(text);
      const { event } = read(text);
      expect(event.location).toBe(STUDIO_ADDRESS);
      expect(event.description).toContain(LONG_NOTE);
    }
  });

  it('folds the owner’s subscription the same way, with the visitor’s long name and note whole', () => {
    const feed = subscriptionFeed(
      [{ ...booking, howItHappens: `Call them.\nNote: ${LONG_NOTE}`, visitor: { name: LONG_NAME, email: 'aiko@example.jp' } }],
      organizer,
    );
    expectRfcLines(feed);
    const [event] = new ICAL.Component(ICAL.parse(feed)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(event!.summary).toBe(`Free consultation: ${LONG_NAME}`);
    expect(event!.description).toBe(`Call them.\nNote: ${LONG_NOTE}`);
    expect(event!.location).toBe('+1 404 555 0100');
  });
});

describe('the invitation’s place, alarm and answer', () => {
  it('names the phone number called as its place and rings 15 minutes before', () => {
    const { event, vevent } = read(invitationFile(booking, organizer));
    expect(event.location).toBe('+1 404 555 0100');
    const alarm = vevent.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(alarm?.getFirstPropertyValue('trigger')?.toString()).toBe('-PT15M');
    expect(alarm?.getFirstPropertyValue('description')).toBe(event.summary);
    // A cancellation rings for nothing and asks for no answer.
    const cancelled = read(invitationFile({ ...booking, cancelled: true }, organizer)).vevent;
    expect(cancelled.getFirstSubcomponent('valarm')).toBeNull();
    expect(cancelled.getFirstProperty('attendee')!.getParameter('rsvp')).toBeUndefined();
  });

  it('asks the visitor’s calendar to answer the request, and never carries the name they typed', () => {
    const { vevent } = read(
      invitationFile({ ...booking, visitor: { name: 'Win a prize at evil.example', email: 'x@example.jp' } }, organizer),
    );
    const attendee = vevent.getFirstProperty('attendee')!;
    expect(attendee.getParameter('partstat')).toBe('NEEDS-ACTION');
    expect(attendee.getParameter('rsvp')).toBe('TRUE');
    expect(attendee.getParameter('cn')).toBeUndefined();
    expect(vevent.toString()).not.toContain('evil.example');
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
