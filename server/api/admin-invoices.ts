import { Router, type Request, type Response } from 'express';
import { INVOICE_STATES, invoicePlanSchema, type AdminInvoiceListItem, type InvoiceView } from '#common/billing/invoices.ts';
import type { InvoiceOutcome } from '#server/billing/invoices.ts';
import type { PlanOutcome } from '#server/billing/payment-plans.ts';
import { csvRow, UTF8_BOM } from '#server/contact/csv.ts';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { refusalError } from '#server/http/refusals.ts';
import { requireAdmin, signedInAdminId } from '#server/http/require-admin.ts';
import { sendInvoice } from '#server/flows/send-invoice.ts';
import { studioActor } from './admin-projects.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import { z } from '#common/zod.ts';
import { noStore } from '#server/http/no-store.ts';

const NOT_FOUND = 'Invoice not found';
const PROJECT_NOT_FOUND = 'Project not found';
const invoiceId = (req: Request) => parseIdParam(req.params.id, NOT_FOUND);
const listQuerySchema = z.object({
  state: z
    .enum([...INVOICE_STATES, 'overdue', 'disputed'], { error: `state must be one of ${INVOICE_STATES.join(', ')}, overdue or disputed` })
    .optional(),
});

const NO_PRICE = 'Set the project’s agreed price first, or make an invoice line by line';

/** A plan's outcome as an answer: 400 with field messages, 404, 409 without a price or for an invoiced part, or the plan. */
function planSaved(outcome: PlanOutcome): Extract<PlanOutcome, { kind: 'saved' }> {
  if (outcome.kind === 'no-price') throw new HttpError(409, NO_PRICE);
  if (outcome.kind !== 'saved') throw refusalError(outcome, PROJECT_NOT_FOUND);
  return outcome;
}

/** The service's outcome as an answer: 400 with field messages, 404, 409 with the reason, or the invoice. */
function answer(res: Response, outcome: InvoiceOutcome & { reissued?: InvoiceView }, status = 200): void {
  if (outcome.kind !== 'done') throw refusalError(outcome, NOT_FOUND);
  noStore(res)
    .status(status)
    .json(outcome.reissued ? { ...outcome.invoice, reissued: outcome.reissued } : outcome.invoice);
}

const CSV_HEADER = [
  'Number',
  'Project',
  'Client',
  'State',
  'Currency',
  'Subtotal',
  'Discount',
  'Tax',
  'Total',
  'Paid',
  'Refunded',
  'Disputed',
  'Due',
  'Issued',
  'Due date',
  'Paid on',
];
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The accountant's CSV: one row per invoice, formula cells escaped (csvRow), amounts in dollars. */
function invoicesCsv(rows: InvoiceView[], names: Map<number, { title: string; clientName: string }>): string {
  let body = UTF8_BOM + csvRow(CSV_HEADER);
  for (const invoice of rows) {
    const project = names.get(invoice.projectId);
    const amounts = [invoice.subtotalCents, invoice.discountCents, invoice.taxCents, invoice.totalCents, invoice.paidCents];
    body += csvRow([
      invoice.number,
      project?.title ?? '',
      project?.clientName ?? '',
      invoice.state,
      invoice.currency,
      ...amounts.map(dollars),
      dollars(invoice.refundedCents),
      dollars(invoice.disputedCents),
      dollars(invoice.amountDueCents),
      invoice.sentAt?.slice(0, 10) ?? '',
      invoice.dueDate ?? '',
      invoice.paidAt?.slice(0, 10) ?? '',
    ]);
  }
  return body;
}

/** The owner's invoices (decision 093): make them from a project, send, void and reissue, record payments, PDF and CSV. */
export function adminInvoicesRouter(services: Services): Router {
  const router = Router();
  const { invoices, plans, desk: billing } = services.billing;
  const { records: projects } = services.projects;

  router
    .route('/admin/projects/:id/invoices')
    .all(requireAdmin)
    .get(async (req, res) => {
      noStore(res).json(await invoices.ofProject(parseIdParam(req.params.id, PROJECT_NOT_FOUND)));
    })
    .post(async (req, res) => {
      const outcome = await invoices.create(parseIdParam(req.params.id, PROJECT_NOT_FOUND), req.body);
      if (outcome.kind === 'not-found') throw new HttpError(404, PROJECT_NOT_FOUND);
      answer(res, outcome, 201);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  // The project's plan (decision 103): what the masters wait for, and the invoices made from it.
  router
    .route('/admin/projects/:id/plan')
    .all(requireAdmin)
    .get(async (req, res) => {
      const answer = await plans.get(parseIdParam(req.params.id, PROJECT_NOT_FOUND));
      if (!answer) throw new HttpError(404, PROJECT_NOT_FOUND);
      noStore(res).json(answer);
    })
    .put(async (req, res) => {
      const outcome = await plans.put(parseIdParam(req.params.id, PROJECT_NOT_FOUND), req.body);
      noStore(res).json(planSaved(outcome).answer);
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  // The plan set and every part of it invoiced at once (the Invoices card's "plan" button, kept for it).
  router
    .route('/admin/projects/:id/invoices/plan')
    .all(requireAdmin)
    .post(async (req, res) => {
      const { depositPercent } = parseBody(invoicePlanSchema, req.body, 'Invalid deposit');
      const share = depositPercent ?? (await billing.settings()).depositPercent;
      const outcome = planSaved(await plans.put(parseIdParam(req.params.id, PROJECT_NOT_FOUND), { depositPercent: share }, 'all'));
      const made = await Promise.all(outcome.invoiced.map((id) => invoices.get(id)));
      noStore(res)
        .status(201)
        .json(made.filter((invoice) => invoice !== null));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/invoices/summary')
    .all(requireAdmin)
    .get(async (_req, res) => {
      noStore(res).json({ ...(await invoices.summary()), currency: (await billing.settings()).currency });
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/invoices')
    .all(requireAdmin)
    .get(async (req, res) => {
      const { state } = parseBody(listQuerySchema, req.query, 'Invalid invoice query');
      const rows = await invoices.list(state);
      // Each project's title and client, so a list of invoices says whose each one is.
      const names = await projects.namesById();
      const listed: AdminInvoiceListItem[] = rows.map((invoice) => ({
        ...invoice,
        projectTitle: names.get(invoice.projectId)?.title ?? '',
        clientName: names.get(invoice.projectId)?.clientName ?? '',
      }));
      noStore(res).json(listed);
    })
    .all(methodNotAllowed(['GET']));

  // Before /admin/invoices/:id, which it would otherwise match.
  router
    .route('/admin/invoices/export')
    .all(requireAdmin)
    .get(async (_req, res) => {
      const rows = await invoices.list();
      const names = await projects.namesById();
      const day = new Date().toISOString().slice(0, 10);
      noStore(res).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="invoices-${day}.csv"` });
      res.send(invoicesCsv(rows, names));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/invoices/:id.pdf')
    .all(requireAdmin)
    .get(async (req, res) => {
      const invoice = await invoices.get(invoiceId(req));
      if (!invoice) throw new HttpError(404, NOT_FOUND);
      const pdf = await billing.pdf(invoice);
      noStore(res)
        .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${invoice.number}.pdf"` })
        .send(pdf);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  router
    .route('/admin/invoices/:id')
    .all(requireAdmin)
    .get(async (req, res) => {
      const invoice = await invoices.get(invoiceId(req));
      if (!invoice) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(invoice);
    })
    .patch(async (req, res) => answer(res, await invoices.updateDraft(invoiceId(req), req.body)))
    .all(methodNotAllowed(['GET', 'PATCH']));

  router
    .route('/admin/invoices/:id/send')
    .all(requireAdmin)
    // A flow: sending may also give a client who was never invited their portal access (send-invoice.ts).
    .post(async (req, res) => answer(res, await sendInvoice(services, invoiceId(req), studioActor(res))))
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/invoices/:id/void')
    .all(requireAdmin)
    .post(async (req, res) => answer(res, await invoices.void(invoiceId(req), req.body)))
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/invoices/:id/payments')
    .all(requireAdmin)
    .post(async (req, res) => {
      const outcome = await invoices.recordPayment(invoiceId(req), req.body, signedInAdminId(res));
      // A goal, but the studio's request is no visit (decision 113).
      if (outcome.kind === 'done') services.insights.recordGoal('payment_made', null);
      answer(res, outcome, 201);
    })
    .all(methodNotAllowed(['POST']));

  // Money given back, with the owner's answer whether the masters lock again (decision 104).
  router
    .route('/admin/invoices/:id/refunds')
    .all(requireAdmin)
    .post(async (req, res) => answer(res, await services.billing.refunds.record(invoiceId(req), req.body, signedInAdminId(res)), 201))
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/invoices/:id/refund-lock')
    .all(requireAdmin)
    .put(async (req, res) => answer(res, await services.billing.refunds.setRelock(invoiceId(req), req.body)))
    .all(methodNotAllowed(['PUT']));

  return router;
}
