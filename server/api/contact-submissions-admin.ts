import { once } from 'node:events';
import { Router, type Response } from 'express';
import { acknowledgementSettingsSchema, contactExportQuerySchema } from '#common/contact-inbox.ts';
import { CONTACT_STATUS_LABELS, contactStatusUpdateSchema, type ContactStatus } from '#common/contact-status.ts';
import { formatStudioTime } from '#common/studio-time.ts';
import type { Services } from '#server/context.ts';
import { readAcknowledgementSettings, saveAcknowledgementSettings } from '#server/contact/acknowledgement.ts';
import { csvRow, UTF8_BOM } from '#server/contact/csv.ts';
import { exportSubmissions, markSubmissionRead, readInboxFeed } from '#server/contact/inbox.ts';
import { deliverNotice } from '#server/contact/notice-delivery.ts';
import { moveToInbox } from '#server/contact/spam.ts';
import { deleteContactSubmission, setContactSubmissionStatus } from '#server/contact/submission-admin.ts';
import type { ContactSubmissionView } from '#server/contact/submissions.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';

const NOT_FOUND = 'Contact submission not found';
const notFound = () => new HttpError(404, NOT_FOUND);
const parseSubmissionId = (value: string | string[] | undefined) => parseIdParam(value, NOT_FOUND);

// Times for people in the studio's zone, each beside its ISO form for software; statuses as words.
const CSV_HEADER = [
  'ID',
  'Received',
  'Received (ISO 8601, UTC)',
  'Name',
  'Email',
  'Phone',
  'Status',
  'Read',
  'Read (ISO 8601, UTC)',
  'Message',
];
const statusWords = (status: string) => CONTACT_STATUS_LABELS[status as ContactStatus] ?? status;
const csvLine = (timeZone: string) => (row: ContactSubmissionView) =>
  csvRow([
    row.id,
    formatStudioTime(row.createdAt, timeZone),
    row.createdAt,
    row.name,
    row.email,
    row.phone,
    statusWords(row.status),
    row.readAt === null ? null : formatStudioTime(row.readAt, timeZone),
    row.readAt,
    row.message,
  ]);

/** Writes with back-pressure; false when the client went away (the export then stops reading pages). */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  return !res.destroyed;
}

/**
 * The owner's inbox (admin only): status changes, deletion, read marks, the polling feed, the CSV
 * export and the visitor acknowledgement's settings (docs/decisions/048-contact-inbox.md); moving a
 * message out of the spam folder (docs/decisions/089-kept-spam.md).
 */
export function contactSubmissionsAdminRouter(services: Services): Router {
  const router = Router();

  // Before /:id, which would otherwise take "feed" and "export" as ids.
  router
    .route('/contact-submissions/feed')
    .get(requireAdmin, async (req, res) => {
      const known = typeof req.query.version === 'string' ? req.query.version : undefined;
      res.set('Cache-Control', 'no-store').json(await readInboxFeed(services.db, known));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/contact-submissions/export')
    .get(requireAdmin, async (req, res) => {
      const filter = parseBody(contactExportQuerySchema, req.query, 'Invalid export filter');
      const pages = exportSubmissions(services.db, filter);
      const line = csvLine((await services.studioIdentity()).timeZone);
      // The first page is read before anything is sent, so a database that cannot serve still gets its 503.
      let next = await pages.next();
      const day = new Date().toISOString().slice(0, 10);
      const scope = filter.status === 'all' && !filter.q ? '' : '-filtered';
      res.status(200).set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="contact-submissions-${day}${scope}.csv"`,
        'Cache-Control': 'no-store',
      });
      try {
        if (!(await write(res, UTF8_BOM + csvRow(CSV_HEADER)))) return;
        for (; !next.done; next = await pages.next()) if (!(await write(res, next.value.map(line).join('')))) return;
        res.end();
      } catch (error) {
        // Headers are gone: a cut-off file is all that can be said, and the log says why.
        services.logger.error({ err: error }, 'contact export failed midway');
        res.destroy(error instanceof Error ? error : undefined);
      } finally {
        await pages.return(undefined);
      }
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/contact-submissions/:id/read')
    .put(requireAdmin, async (req, res) => {
      const outcome = await markSubmissionRead(services.db, parseSubmissionId(req.params.id), true);
      if (outcome.kind === 'not-found') throw notFound();
      res.set('Cache-Control', 'no-store').json(outcome.submission);
    })
    .delete(requireAdmin, async (req, res) => {
      const outcome = await markSubmissionRead(services.db, parseSubmissionId(req.params.id), false);
      if (outcome.kind === 'not-found') throw notFound();
      res.set('Cache-Control', 'no-store').json(outcome.submission);
    })
    .all(methodNotAllowed(['PUT', 'DELETE']));

  router
    .route('/contact-submissions/:id/not-spam')
    .post(requireAdmin, async (req, res) => {
      const outcome = await moveToInbox(services.db, parseSubmissionId(req.params.id));
      if (outcome.kind === 'not-found') throw notFound();
      if (outcome.kind === 'not-spam') throw new HttpError(409, 'That message is not in the spam folder');
      // Committed with its notice: sent now in the background, or by the retry task if this attempt fails.
      void deliverNotice(services, outcome.noticeId).catch((error: unknown) =>
        services.logger.error({ err: error, noticeId: outcome.noticeId }, 'contact notice attempt crashed; the retry task will send it'),
      );
      res.set('Cache-Control', 'no-store').json(outcome.submission);
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/contact-submissions/:id')
    .patch(requireAdmin, async (req, res) => {
      const id = parseSubmissionId(req.params.id);
      const { status } = parseBody(contactStatusUpdateSchema, req.body, 'Invalid status');
      const updated = await setContactSubmissionStatus(services.db, id, status);
      if (!updated) throw notFound();
      res.set('Cache-Control', 'no-store').json(updated);
    })
    .delete(requireAdmin, async (req, res) => {
      const id = parseSubmissionId(req.params.id);
      if (!(await deleteContactSubmission(services.db, id))) throw notFound();
      res.status(204).end();
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));

  router
    .route('/contact-acknowledgement')
    .get(requireAdmin, async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await readAcknowledgementSettings(services.db, await services.studioIdentity()));
    })
    .put(requireAdmin, async (req, res) => {
      const input = parseBody(acknowledgementSettingsSchema, req.body, 'Invalid acknowledgement settings');
      res.set('Cache-Control', 'no-store').json(await saveAcknowledgementSettings(services.db, input, await services.studioIdentity()));
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  return router;
}
