import type { Kysely } from 'kysely';
import { AUDIT_PAGE_SIZE, AUDIT_RETENTION_DAYS, type AuditChange, type AuditEntryView } from '#common/audit.ts';
import { shortenedIp } from '#common/shortened-ip.ts';
import type { Database } from '#server/db/schema.ts';

/*
 * The audit log (issue 43, decision 116): who did what, written by the admin API's write hook
 * (server/http/audit-writes.ts) for every admin write that succeeded, and here for the security
 * events outside it (sign-ins, failed ones, password resets). Kept AUDIT_RETENTION_DAYS.
 */

export interface AuditRecord {
  personId: number | null;
  person: string;
  area: string;
  action: string;
  /** `METHOD /api/path`, or '' for an event outside the admin API. */
  route?: string;
  /** The full address: shortened here, so no caller can store it whole. */
  ip: string;
  changes?: AuditChange[];
}

type Log = { error(details: object, message: string): void };

/**
 * Stores one entry. It never throws: the write it records has already succeeded, and losing the
 * entry (logged as an error) is better than telling the user their change failed when it did not.
 */
export async function recordAudit(db: Kysely<Database>, log: Log, record: AuditRecord, at = new Date()): Promise<void> {
  try {
    await db
      .insertInto('auditEntries')
      .values({
        at: at.toISOString(),
        adminUserId: record.personId,
        person: record.person.slice(0, 200),
        area: record.area,
        action: record.action.slice(0, 500),
        route: (record.route ?? '').slice(0, 300),
        ip: shortenedIp(record.ip),
        changes: record.changes && record.changes.length > 0 ? JSON.stringify(record.changes) : null,
      })
      .execute();
  } catch (error) {
    log.error({ err: error, audit: { area: record.area, action: record.action, personId: record.personId } }, 'audit entry not written');
  }
}

/** What the reader may see: everyone's (the owner) or only their own. */
export interface AuditReader {
  id: number;
  everyone: boolean;
}

/** The list's filters: a person, an area, entries before an instant (ISO), the page's cursor. */
export interface AuditFilter {
  person?: number | undefined;
  area?: string | undefined;
  until?: string | undefined;
  cursor?: number | undefined;
}

function filtered(db: Kysely<Database>, reader: AuditReader, query: AuditFilter) {
  let select = db.selectFrom('auditEntries');
  const person = reader.everyone ? query.person : reader.id;
  if (person !== undefined) select = select.where('adminUserId', '=', person);
  if (query.area) select = select.where('area', '=', query.area);
  if (query.until) select = select.where('at', '<', query.until);
  if (query.cursor) select = select.where('id', '<', query.cursor);
  return select;
}

const toView = (row: {
  id: number;
  at: string;
  adminUserId: number | null;
  person: string;
  area: string;
  action: string;
  ip: string;
  changes: string | null;
}): AuditEntryView => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  personId: row.adminUserId,
  person: row.person,
  area: row.area,
  action: row.action,
  ip: row.ip,
  changes: row.changes ? (JSON.parse(row.changes) as AuditChange[]) : [],
});

const COLUMNS = ['id', 'at', 'adminUserId', 'person', 'area', 'action', 'ip', 'changes'] as const;

/** Newest first, `limit` at a time (the CSV asks for more), with the cursor of the next page. */
export async function listAudit(
  db: Kysely<Database>,
  reader: AuditReader,
  query: AuditFilter,
  limit = AUDIT_PAGE_SIZE,
): Promise<{ entries: AuditEntryView[]; nextCursor: number | null }> {
  const rows = await filtered(db, reader, query)
    .select(COLUMNS)
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map(toView);
  return { entries, nextCursor: rows.length > limit ? entries.at(-1)!.id : null };
}

/** Everyone the log names (for the owner's person filter), by their latest name. */
export async function peopleInAudit(db: Kysely<Database>): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom('auditEntries')
    .select(['adminUserId', (eb) => eb.fn.max('id').as('latest')])
    .where('adminUserId', 'is not', null)
    .groupBy('adminUserId')
    .execute();
  if (rows.length === 0) return [];
  const names = await db
    .selectFrom('auditEntries')
    .select(['adminUserId', 'person'])
    .where(
      'id',
      'in',
      rows.map((row) => Number(row.latest)),
    )
    .execute();
  return names.map((row) => ({ id: row.adminUserId!, name: row.person })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Hourly housekeeping: entries older than a year go. */
export async function pruneAudit(db: Kysely<Database>, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db.deleteFrom('auditEntries').where('at', '<', before).execute();
}
