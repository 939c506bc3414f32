import type { AuditChange, AuditSubjectKind, AuditTrackKind } from '#common/audit.ts';
import { recordIdFromPath } from '#common/record-id.ts';
import { describeChanges } from '#common/site-content/section-diff.ts';
import { isSiteSection, sectionFields } from '#common/site-content/sections.ts';
import { statusOf } from '#server/auth/staff.ts';
import type { CoreServices } from '#server/core-services.ts';
import type { SiteContentService } from '#server/site-content/site-content-service.ts';

/*
 * What the audit log's words and before/after read (decision 116): the name of what a write is about
 * (an invoice's number, a project's title) and the settings or amounts it may change, flattened to
 * `field: text`. It reads across capabilities, so it is a flow; the write hook (server/http/audit-writes.ts)
 * calls it before the route's handler and again once the handler has succeeded.
 */

type Fields = Record<string, string | null>;

const SECTION_NAMES: Record<string, string> = { billing: 'Billing settings', packages: 'Packages and prices', studio: 'Studio details' };
const quoted = (text: string) => `“${text}”`;
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

export interface AuditSubjects {
  label(kind: AuditSubjectKind, param: string): Promise<string | null>;
  /** What the write may change, as it is now (a site section's fields, an invoice's amounts), or null. */
  fields(kind: AuditTrackKind, param: string): Promise<unknown>;
  /** What changed between two readings of `fields`, field by field. */
  diff(kind: AuditTrackKind, before: unknown, after: unknown): AuditChange[];
}

/** A record's fields that differ, by their names; a site section in the words of its version history. */
function diff(kind: AuditTrackKind, before: unknown, after: unknown): AuditChange[] {
  if (kind === 'site') {
    return describeChanges(before ?? {}, after ?? {}).map((change) => {
      if (change.before === null && change.after === null)
        return { field: `${change.kind === 'added' ? 'Added' : 'Removed'} ${change.where}`, before: null, after: null };
      return { field: change.where, before: change.before, after: change.after };
    });
  }
  const [old, now] = [(before ?? {}) as Fields, (after ?? {}) as Fields];
  return [...new Set([...Object.keys(old), ...Object.keys(now)])]
    .filter((field) => (old[field] ?? null) !== (now[field] ?? null))
    .map((field) => ({ field, before: old[field] ?? null, after: now[field] ?? null }));
}

/** The readers the write hook is handed (server/app.ts). */
export function auditSubjects({
  db,
  site,
}: Pick<CoreServices, 'db'> & { site: { siteContent: Pick<SiteContentService, 'read'> } }): AuditSubjects {
  async function label(kind: AuditSubjectKind, param: string): Promise<string | null> {
    if (kind === 'section') return isSiteSection(param) ? (SECTION_NAMES[param] ?? `Site section ${quoted(param)}`) : null;
    const id = recordIdFromPath(param);
    if (id === null) return null;
    switch (kind) {
      case 'invoice':
        return (await db.selectFrom('invoices').select('number').where('id', '=', id).executeTakeFirst())?.number ?? null;
      case 'project':
        return titled(await db.selectFrom('projects').select('title').where('id', '=', id).executeTakeFirst());
      case 'track':
        return titled(await db.selectFrom('projectTracks').select('title').where('id', '=', id).executeTakeFirst());
      case 'sample':
        return titled(await db.selectFrom('samples').select('title').where('id', '=', id).executeTakeFirst());
      case 'proposal':
        return titled(await db.selectFrom('proposals').select('title').where('id', '=', id).executeTakeFirst());
      case 'template':
        return named(await db.selectFrom('proposalTemplates').select('name').where('id', '=', id).executeTakeFirst());
      case 'booking':
        return named(await db.selectFrom('bookings').select('name').where('id', '=', id).executeTakeFirst());
      case 'message':
        return named(await db.selectFrom('contactSubmissions').select('name').where('id', '=', id).executeTakeFirst());
      case 'staff': {
        const row = await db.selectFrom('adminUsers').select(['displayName', 'username']).where('id', '=', id).executeTakeFirst();
        return row ? (row.displayName ?? row.username) : null;
      }
    }
  }

  async function fields(kind: AuditTrackKind, param: string): Promise<unknown> {
    if (kind === 'site') {
      if (!isSiteSection(param)) return null;
      const stored = await site.siteContent.read();
      return sectionFields(stored[param]);
    }
    const id = recordIdFromPath(param);
    if (id === null) return null;
    if (kind === 'invoice') {
      const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return {
        state: row.state,
        subtotal: dollars(row.subtotalCents),
        discount: dollars(row.discountCents),
        tax: dollars(row.taxCents),
        total: dollars(row.totalCents),
        paid: dollars(row.paidCents),
        refunded: dollars(row.refundedCents),
        dueDate: row.dueDate,
        voidReason: row.voidReason,
        refundLocksDelivery: row.refundLocksDelivery === 1 ? 'yes' : 'no',
      };
    }
    if (kind === 'project') {
      const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const { title, clientName, clientEmail, packageTitle, revisionsIncluded, price, dueDate, status, deliveryLocked } = row;
      const fields = { title, clientName, clientEmail, packageTitle, revisionsIncluded, price, dueDate, status, deliveryLocked };
      return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, text(value)]));
    }
    const row = await db
      .selectFrom('adminUsers')
      .select(['role', 'isActive', 'joinedAt', 'removedAt'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return { role: row.role, status: row.removedAt ? 'removed' : statusOf(row) };
  }

  return { label, fields, diff };
}

const titled = (row: { title: string } | undefined) => (row ? quoted(row.title) : null);
const named = (row: { name: string } | undefined) => (row ? quoted(row.name) : null);
