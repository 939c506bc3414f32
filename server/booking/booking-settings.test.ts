import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONSULTATION, bookingSettingsSchema, defaultBookingSettings, type BookingSettings } from '#common/booking/settings.ts';
import type { OpeningHours } from '#common/site-content/opening-hours.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { calendarToken, readBookingSettings, regenerateCalendarToken, saveBookingSettings, setFeedUrl } from './booking-settings.ts';

const hours: OpeningHours = { timeZone: 'America/New_York', days: [{ day: 'mon', opens: '10:00', closes: '18:00' }] };
const SECRET = 'a'.repeat(32);
const OTHER_SECRET = 'b'.repeat(32);

describe('the settings’ rules', () => {
  const valid: BookingSettings = defaultBookingSettings(hours);

  it('start from the opening hours and the shipped consultation', () => {
    expect(valid).toEqual({ types: [DEFAULT_CONSULTATION], weekly: [{ day: 'mon', from: '10:00', to: '18:00' }], datesOff: [] });
    expect(bookingSettingsSchema.safeParse(valid).success).toBe(true);
  });

  it('refuse overlapping windows, a video call without a link, two types with one key, and impossible dates', () => {
    const problems = (settings: unknown) => bookingSettingsSchema.safeParse(settings).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems({ ...valid, weekly: [...valid.weekly, { day: 'mon', from: '17:00', to: '19:00' }] })).toEqual([
      'Windows of one day must not overlap',
    ]);
    expect(problems({ ...valid, types: [{ ...DEFAULT_CONSULTATION, meeting: 'video' }] })).toEqual([
      'A video consultation needs your meeting link',
    ]);
    expect(problems({ ...valid, types: [DEFAULT_CONSULTATION, DEFAULT_CONSULTATION] })).toEqual(['Each type needs its own key']);
    expect(problems({ ...valid, datesOff: [{ from: '2027-02-30', to: '2027-03-01', label: '' }] })).toEqual([
      'First day is not a real date',
    ]);
    expect(problems({ ...valid, datesOff: [{ from: '2027-03-02', to: '2027-03-01', label: '' }] })).toEqual([
      'The last day must not be before the first',
    ]);
    expect(problems({ ...valid, types: [] })).toEqual(['Keep at least one consultation type']);
    expect(problems({ ...valid, types: [{ ...DEFAULT_CONSULTATION, lengthMinutes: 5 }] })).toEqual(['Length must be at least 10 minutes']);
  });
});

describe.each(testDialects())('stored settings (%s)', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(async () => {
    await services.cleanup();
  });
  beforeEach(async () => {
    await services.db.deleteFrom('bookingSettings').execute();
  });

  it('are the defaults until saved, then what was saved; a save over a newer one is refused', async () => {
    expect(await readBookingSettings(services.db, hours, SECRET)).toEqual({
      settings: defaultBookingSettings(hours),
      version: 0,
      feedUrl: null,
      feedUrlLost: false,
      feedPrivateAllowed: false,
    });
    const mine = { ...defaultBookingSettings(hours), datesOff: [{ from: '2027-12-24', to: '2027-12-26', label: 'Holidays' }] };
    expect(await saveBookingSettings(services.db, mine, 0)).toEqual({ kind: 'saved', version: 1 });
    expect(await saveBookingSettings(services.db, defaultBookingSettings(hours), 0)).toEqual({ kind: 'stale', version: 1 });
    expect((await readBookingSettings(services.db, hours, SECRET)).settings).toEqual(mine);
  });

  it('let exactly one of two saves made at once from the same version win', async () => {
    const outcomes = await Promise.all([
      saveBookingSettings(services.db, defaultBookingSettings(hours), 0),
      saveBookingSettings(services.db, defaultBookingSettings(hours), 0),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['saved', 'stale']);
  });

  it('keep the feed address sealed, and say so when it can no longer be read', async () => {
    await setFeedUrl(services.db, hours, SECRET, 'https://calendar.example.com/private-abc/basic.ics');
    const stored = await services.db.selectFrom('bookingSettings').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('private-abc');
    expect(await readBookingSettings(services.db, hours, SECRET)).toMatchObject({
      feedUrl: 'https://calendar.example.com/private-abc/basic.ics',
      feedUrlLost: false,
      version: 0,
    });
    expect(await readBookingSettings(services.db, hours, OTHER_SECRET)).toMatchObject({ feedUrl: null, feedUrlLost: true });
    await setFeedUrl(services.db, hours, SECRET, null);
    expect(await readBookingSettings(services.db, hours, SECRET)).toMatchObject({ feedUrl: null, feedUrlLost: false });
  });

  it('make one subscription token, keep it, and replace it when asked', async () => {
    const [first, second] = await Promise.all([calendarToken(services.db, hours, SECRET), calendarToken(services.db, hours, SECRET)]);
    expect(first).toBe(second);
    expect(await calendarToken(services.db, hours, SECRET)).toBe(first);
    const renewed = await regenerateCalendarToken(services.db, hours, SECRET);
    expect(renewed).not.toBe(first);
    expect(await calendarToken(services.db, hours, SECRET)).toBe(renewed);
  });
});
