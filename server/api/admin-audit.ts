import { Router, type Request, type Response } from 'express';
import { Temporal } from 'temporal-polyfill';
import type { AdminProfile } from '#common/admin-auth.ts';
import { AUDIT_AREA_LABELS, auditQuerySchema, type AuditArea, type AuditEntryView, type AuditPage } from '#common/audit.ts';
import { roleMay } from '#common/staff-roles.ts';
import { listAudit, peopleInAudit, type AuditFilter, type AuditReader } from '#server/auth/audit-log.ts';
import { csvRow, UTF8_BOM } from '#server/contact/csv.ts';
import type { Services } from '#server/context.ts';
import { methodNotAllowed } from '#server/http/errors.ts';
import { noStore } from '#server/http/no-store.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';

/** The CSV holds at most this many entries (the newest that match); a year of a busy studio fits. */
const CSV_MAX_ENTRIES = 50_000;
const CSV_BATCH = 1_000;
const CSV_HEADER = ['Time', 'Person', 'Area', 'Action', 'Address', 'Changes'];

/** The owner reads everyone's entries; every other role only their own, whatever the query asks. */
function readerOf(res: Response): AuditReader {
  const admin = res.locals.admin as AdminProfile;
  return { id: admin.id, everyone: roleMay(admin.role, 'audit.everyone') };
}

/** The query as the log's filter: a day is the studio's (the page shows times in its zone), up to its end. */
async function filterOf(req: Request, services: Services): Promise<AuditFilter> {
  const { before, ...rest } = parseBody(auditQuerySchema, req.query, 'Invalid audit query');
  if (!before) return rest;
  const zone = (await services.site.siteContent.current()).studio.hours.timeZone;
  const end = Temporal.PlainDate.from(before).add({ days: 1 }).toZonedDateTime(zone);
  return { ...rest, until: new Date(end.epochMilliseconds).toISOString() };
}

const changesText = (entry: AuditEntryView) =>
  entry.changes
    .map((change) =>
      change.before === null && change.after === null
        ? change.field
        : `${change.field}: ${change.before ?? '(none)'} → ${change.after ?? '(none)'}`,
    )
    .join('; ');

/**
 * Who did what (issue 43, decision 116): `GET /api/admin/audit` a page at a time, newest first, by
 * person, area and day; `GET /api/admin/audit.csv` the same filters as a spreadsheet (formula cells
 * escaped by csvRow).
 */
export function adminAuditRouter(services: Services): Router {
  const { db } = services;
  const router = Router();

  router
    .route('/admin/audit')
    .all(requireAdmin)
    .get(async (req, res) => {
      const query = await filterOf(req, services);
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
      const query = await filterOf(req, services);
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
