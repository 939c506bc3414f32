import { Router, type Response } from 'express';
import type { AdminProfile } from '#common/admin-auth.ts';
import { AUDIT_AREA_LABELS, auditQuerySchema, type AuditArea, type AuditEntryView, type AuditPage } from '#common/audit.ts';
import { roleMay } from '#common/staff-roles.ts';
import { listAudit, peopleInAudit, type AuditReader } from '#server/auth/audit-log.ts';
import { csvRow, UTF8_BOM } from '#server/contact/csv.ts';
import type { Services } from '#server/context.ts';
import { methodNotAllowed } from '#server/http/errors.ts';
import { noStore } from '#server/http/no-store.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';

/** The CSV holds at most this many entries (the newest that match); a year of a busy studio fits. */
const CSV_MAX_ENTRIES = 50_000;
const CSV_BATCH = 1_000;
const CSV_HEADER = ['Time (UTC)', 'Person', 'Area', 'Action', 'Address', 'Changes'];

/** The owner reads everyone's entries; every other role only their own, whatever the query asks. */
function readerOf(res: Response): AuditReader {
  const admin = res.locals.admin as AdminProfile;
  return { id: admin.id, everyone: roleMay(admin.role, 'audit.everyone') };
}

const changesText = (entry: AuditEntryView) =>
  entry.changes.map((change) => (change.before === null && change.after === null ? change.field : `${change.field}: ${change.before ?? '(none)'} → ${change.after ?? '(none)'}`)).join('; ');

/**
 * Who did what (issue 43, decision 116): `GET /api/admin/audit` a page at a time, newest first, by
 * person, area and day; `GET /api/admin/audit.csv` the same filters as a spreadsheet (formula cells
 * escaped by csvRow).
 */
export function adminAuditRouter({ db }: Services): Router {
  const router = Router();

  router
    .route('/admin/audit')
    .all(requireAdmin)
    .get(async (req, res) => {
      const query = parseBody(auditQuerySchema, req.query, 'Invalid audit query');
      const reader = readerOf(res);
      const page = await listAudit(db, reader, query);
      const admin = res.locals.admin as AdminProfile;
      const people = reader.everyone ? await peopleInAudit(db) : [{ id: admin.id, name: admin.displayName ?? admin.username }];
      noStore(res).json({ ...page, everyone: reader.everyone, people } satisfies AuditPage);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/audit.csv')
    .all(requireAdmin)
    .get(async (req, res) => {
      const query = parseBody(auditQuerySchema, req.query, 'Invalid audit query');
      const reader = readerOf(res);
      let body = UTF8_BOM + csvRow(CSV_HEADER);
      let cursor = query.cursor;
      for (let written = 0; written < CSV_MAX_ENTRIES; written += CSV_BATCH) {
        const page = await listAudit(db, reader, { ...query, cursor }, CSV_BATCH);
        for (const entry of page.entries) {
          const area = AUDIT_AREA_LABELS[entry.area as AuditArea] ?? entry.area;
          body += csvRow([entry.at, entry.person, area, entry.action, entry.ip, changesText(entry)]);
        }
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      const day = new Date().toISOString().slice(0, 10);
      noStore(res).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="audit-log-${day}.csv"` });
      res.send(body);
    })
    .all(methodNotAllowed(['GET']));

  return router;
}
