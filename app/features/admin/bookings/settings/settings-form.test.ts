import { describe, expect, it } from 'vitest';
import type { AdminBookingSettings } from '#common/booking/admin.ts';
import { DEFAULT_CONSULTATION } from '#common/booking/settings.ts';
import { checkSettings, draftOf, keyFor, newTypeDraft, sameSettings, settingsOf } from './settings-form.ts';

const saved: AdminBookingSettings = {
  settings: {
    types: [DEFAULT_CONSULTATION],
    weekly: [
      { day: 'mon', from: '09:00', to: '17:00' },
      { day: 'fri', from: '09:00', to: '12:00' },
    ],
    datesOff: [{ from: '2027-12-24', to: '2027-12-26', label: 'Holidays' }],
  },
  version: 3,
  timeZone: 'America/New_York',
  hasStudioAddress: true,
  feed: { url: null, lost: false, fetchedAt: null, attemptedAt: null, error: null, busyCount: 0, privateAllowed: false },
  subscriptionUrl: 'https://studio.test/calendar/abc.ics',
};

describe('the booking settings editor', () => {
  it('gives back what it was given when nothing is edited (notice in hours on screen, minutes when sent)', () => {
    const draft = draftOf(saved);
    expect(draft.types[0].minimumNoticeHours).toBe('12');
    expect(settingsOf(draft)).toEqual(saved.settings);
    expect(sameSettings(draft, draftOf(saved))).toBe(true);
  });

  it('keys a new type from its name, unique among the others, and keeps saved keys', () => {
    const draft = draftOf(saved);
    const added = { ...newTypeDraft(), name: 'Free Consultation' };
    const settings = settingsOf({ ...draft, types: [...draft.types, added] });
    expect(settings.types.map((type) => type.key)).toEqual(['free-consultation', 'free-consultation-2']);
    expect(keyFor('  Mix & Master review! ', new Set())).toBe('mix-master-review');
    expect(keyFor('***', new Set())).toBe('consultation');
  });

  it('places each broken rule beside its own field, by row', () => {
    const draft = draftOf(saved);
    const type = { ...draft.types[0], lengthMinutes: '', minimumNoticeHours: '-1' };
    const window = { ...draft.weekly[0], from: '18:00' };
    const range = { ...draft.datesOff[0], to: '2027-12-01' };
    const checked = checkSettings({ ...draft, types: [type], weekly: [window, draft.weekly[1]], datesOff: [range] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      [`${type.rowId}.lengthMinutes`]: 'Length must be a number of minutes',
      [`${type.rowId}.minimumNoticeHours`]: 'Minimum notice must be at least 0 minutes',
      [`${window.rowId}.to`]: 'The end must be after the start',
      [`${range.rowId}.to`]: 'The last day must not be before the first',
    });
  });

  it('asks a video consultation for its meeting link', () => {
    const draft = draftOf(saved);
    const type = { ...draft.types[0], meeting: 'video' as const, meetingLink: '' };
    const checked = checkSettings({ ...draft, types: [type] });
    expect(checked.ok ? {} : checked.errors).toEqual({ [`${type.rowId}.meetingLink`]: 'A video consultation needs your meeting link' });
    const linked = checkSettings({ ...draft, types: [{ ...type, meetingLink: 'https://meet.example.com/studio' }] });
    expect(linked.ok && linked.settings.types[0].meetingLink).toBe('https://meet.example.com/studio');
  });

  it('files a rule about a whole section under the section, and a row by its id after the week is sorted', () => {
    const draft = draftOf(saved);
    const late = { ...draft.weekly[1], day: 'mon' as const, from: '16:00', to: '18:00' };
    const broken = { ...draft.weekly[0], day: 'tue' as const, from: '10:00', to: '09:00' };
    const checked = checkSettings({ ...draft, weekly: [broken, draft.weekly[0], late] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.weekly).toBe('Windows of one day must not overlap');
    expect(checked.errors[`${broken.rowId}.to`]).toBe('The end must be after the start');
  });
});
