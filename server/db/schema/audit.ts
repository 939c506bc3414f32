import type { Generated } from 'kysely';
import type { Timestamp } from './timestamp.ts';

/** One thing a staff member did, or a security event (server/auth/audit-log.ts, migration 0040). */
export interface AuditEntriesTable {
  id: Generated<number>;
  at: Timestamp;
  /** Null for a failed sign-in with a name no account has. */
  adminUserId: number | null;
  /** Their name when it happened. */
  person: string;
  area: string;
  action: string;
  /** `METHOD /api/path` for an admin write; '' for a security event outside the admin API. */
  route: Generated<string>;
  /** Shortened (common/shortened-ip.ts). */
  ip: string;
  /** JSON: `AuditChange[]` (common/audit.ts), or null. */
  changes: string | null;
}

/** The audit log (owned by server/auth). */
export interface AuditTables {
  auditEntries: AuditEntriesTable;
}
