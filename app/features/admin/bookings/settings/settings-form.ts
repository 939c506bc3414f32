import type { AdminBookingSettings } from '#common/booking/admin.ts';
import {
  bookingSettingsSchema,
  DEFAULT_CONSULTATION,
  type BookingSettings,
  type ConsultationType,
  type MeetingKind,
} from '#common/booking/settings.ts';
import { WEEKDAYS, type Weekday } from '#common/site-content/weekdays.ts';

/*
 * The settings editor's model: numbers stay text while typed, the notice is in hours, each row has a
 * local id for React. `checkSettings` runs the server's own schema and files each message under its
 * path ("types.0.lengthMinutes"), so it shows beside its field; the server's 400 names only the
 * top-level key (common/validation.ts).
 */

type NumberField = 'lengthMinutes' | 'startEveryMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'horizonDays' | 'maxPerDay';

export interface TypeDraft extends Record<NumberField, string> {
  rowId: string;
  /** Kept for a saved type (bookings refer to it); made from the name for a new one. */
  key: string | null;
  name: string;
  description: string;
  meeting: MeetingKind;
  meetingLink: string;
  minimumNoticeHours: string;
  enabled: boolean;
}

export interface WindowDraft {
  rowId: string;
  day: Weekday;
  from: string;
  to: string;
}

export interface DatesOffDraft {
  rowId: string;
  from: string;
  to: string;
  label: string;
}

export interface SettingsDraft {
  types: TypeDraft[];
  weekly: WindowDraft[];
  datesOff: DatesOffDraft[];
  feedUrl: string;
  /** The owner allows the feed's address to be on a private network. */
  feedPrivateAllowed: boolean;
}

let nextRow = 0;
export const rowId = () => `row-${++nextRow}`;

const NUMBER_FIELDS: NumberField[] = [
  'lengthMinutes',
  'startEveryMinutes',
  'bufferBeforeMinutes',
  'bufferAfterMinutes',
  'horizonDays',
  'maxPerDay',
];

function typeDraft(type: ConsultationType, key: string | null): TypeDraft {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, String(type[field])])) as Record<NumberField, string>;
  return {
    rowId: rowId(),
    key,
    name: type.name,
    description: type.description,
    meeting: type.meeting,
    meetingLink: type.meetingLink,
    minimumNoticeHours: String(Math.round((type.minimumNoticeMinutes / 60) * 100) / 100),
    enabled: type.enabled,
    ...numbers,
  };
}

export function draftOf(admin: AdminBookingSettings): SettingsDraft {
  return {
    types: admin.settings.types.map((type) => typeDraft(type, type.key)),
    weekly: admin.settings.weekly.map((window) => ({ rowId: rowId(), ...window })),
    datesOff: admin.settings.datesOff.map((range) => ({ rowId: rowId(), ...range })),
    feedUrl: admin.feed.url ?? '',
    feedPrivateAllowed: admin.feed.privateAllowed,
  };
}

/** A new type starts as the shipped consultation, named so the owner sees it is theirs to name. */
export const newTypeDraft = (): TypeDraft => typeDraft({ ...DEFAULT_CONSULTATION, name: 'New consultation' }, null);

/** "Mixing review" -> "mixing-review", unique among `taken`. */
export function keyFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32)
      .replace(/-+$/, '') || 'consultation';
  let key = base;
  for (let suffix = 2; taken.has(key); suffix++) key = `${base}-${suffix}`;
  return key;
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What would be sent: numbers as numbers, new types keyed, the week in day order. */
export function settingsOf(draft: SettingsDraft): BookingSettings {
  const taken = new Set(draft.types.flatMap((type) => (type.key ? [type.key] : [])));
  const types = draft.types.map((type): ConsultationType => {
    const key = type.key ?? keyFor(type.name, taken);
    taken.add(key);
    const numbers = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, numberOf(type[field])])) as Record<NumberField, number>;
    const hours = numberOf(type.minimumNoticeHours);
    return {
      key,
      name: type.name,
      description: type.description,
      meeting: type.meeting,
      meetingLink: type.meeting === 'video' ? type.meetingLink.trim() : '',
      minimumNoticeMinutes: Number.isNaN(hours) ? hours : Math.round(hours * 60),
      enabled: type.enabled,
      ...numbers,
    };
  });
  const weekly = [...draft.weekly]
    .sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.from.localeCompare(b.from))
    .map(({ day, from, to }) => ({ day, from, to }));
  return { types, weekly, datesOff: draft.datesOff.map(({ from, to, label }) => ({ from, to, label })) };
}

/** Messages by path; a row's message is filed under its row id rather than its index, so sorting cannot misplace it. */
export type SettingsErrors = Record<string, string>;

export function checkSettings(draft: SettingsDraft): { ok: true; settings: BookingSettings } | { ok: false; errors: SettingsErrors } {
  const settings = settingsOf(draft);
  const result = bookingSettingsSchema.safeParse(settings);
  if (result.success) return { ok: true, settings: result.data };
  const sortedWeekly = [...draft.weekly].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.from.localeCompare(b.from));
  const errors: SettingsErrors = {};
  for (const issue of result.error.issues) {
    const [section, index, field] = issue.path;
    let key = String(section ?? 'settings');
    if (typeof index === 'number') {
      const rows = section === 'types' ? draft.types : section === 'weekly' ? sortedWeekly : draft.datesOff;
      const row = rows[index]?.rowId ?? String(index);
      key = `${row}.${field === 'minimumNoticeMinutes' ? 'minimumNoticeHours' : String(field ?? '')}`;
    }
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Whether two drafts would save the same thing (the editor's "unsaved changes"). */
export const sameSettings = (a: SettingsDraft, b: SettingsDraft) =>
  a.feedUrl.trim() === b.feedUrl.trim() &&
  a.feedPrivateAllowed === b.feedPrivateAllowed &&
  JSON.stringify(settingsOf(a)) === JSON.stringify(settingsOf(b));
