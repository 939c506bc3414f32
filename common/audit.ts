import { calendarDateSchema } from './calendar-date.ts';
import { MAX_RECORD_ID } from './record-id.ts';
import { z } from './zod.ts';

/*
 * Who did what (issue 43, decision 116): the audit log's areas, its entries as the API answers
 * them, and the filters of `GET /api/admin/audit` and its CSV.
 */

/** A year: the hourly auth housekeeping deletes entries older than this. */
export const AUDIT_RETENTION_DAYS = 365;
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_AREAS = [
  'security',
  'account',
  'staff',
  'inbox',
  'bookings',
  'projects',
  'money',
  'proposals',
  'samples',
  'uploads',
  'site',
  'insights',
  'other',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  security: 'Security',
  account: 'Own account',
  staff: 'Staff',
  inbox: 'Inbox',
  bookings: 'Bookings',
  projects: 'Projects',
  money: 'Money',
  proposals: 'Proposals',
  samples: 'Samples',
  uploads: 'Uploads',
  site: 'Site',
  insights: 'Insights',
  other: 'Other',
};

/** One setting or amount a write changed: its name and the values before and after, as text. */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface AuditEntryView {
  id: number;
  at: string;
  personId: number | null;
  person: string;
  area: string;
  action: string;
  ip: string;
  changes: AuditChange[];
}

export interface AuditPage {
  entries: AuditEntryView[];
  /** The `cursor` of the next (older) page, or null on the last one. */
  nextCursor: number | null;
  /** Whether the reader sees everyone's entries (the owner) or only their own. */
  everyone: boolean;
  /** The people the owner may filter by (everyone named in the log); only the reader for others. */
  people: { id: number; name: string }[];
}

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const idText = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .regex(/^[1-9]\d{0,9}$/, message)
      .transform(Number)
      .refine((id) => id <= MAX_RECORD_ID, message)
      .optional(),
  );

/** The query of the list and the CSV: each filter optional, an empty one ignored. */
export const auditQuerySchema = z.object({
  person: idText('Choose a person from the list'),
  area: z.preprocess(blankToUndefined, z.enum(AUDIT_AREAS, { error: 'Choose an area from the list' }).optional()),
  /** Entries on this day (the studio's) or earlier. */
  before: z.preprocess(blankToUndefined, calendarDateSchema('The date').optional()),
  /** The id the previous page ended before. */
  cursor: idText('The page is not valid'),
});

/** What a `{kind:param}` in an admin write's description names (server/http/admin-audit.ts). */
export type AuditSubjectKind =
  'invoice' | 'project' | 'track' | 'sample' | 'staff' | 'booking' | 'proposal' | 'template' | 'message' | 'section';
/** What an admin write's before/after is read from. */
export type AuditTrackKind = 'invoice' | 'project' | 'staff' | 'site';
