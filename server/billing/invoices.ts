import type { Kysely } from 'kysely';
import {
  createInvoiceSchema,
  isUnpaid,
  recordPaymentSchema,
  updateInvoiceSchema,
  voidInvoiceSchema,
  type InvoiceView,
} from '#common/billing/invoices.ts';
import { formatMoney, invoiceAmounts, percentToTaxRate } from '#common/billing/money.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import type { Database, Invoice } from '#server/db/schema.ts';
import type { BillingProjects } from './billing-projects.ts';
import { insertInvoice, todayUtc, type InvoiceDefaults } from './invoice-insert.ts';
import { queueBillingEmails } from './billing-emails.ts';
import { deliveryLockOf, invoicesOfProject, invoiceViews, listInvoices, moneySummary, type InvoiceListFilter } from './invoice-reads.ts';
import { applyMoney } from './payments.ts';

/*
 * A project's invoices: drafts the owner makes and changes, sent ones that are only paid or voided
 * (a voided one may be reissued as a new draft with the same lines; both stay in the record), and
 * the money recorded against them. Amounts are worked out here from the lines, in integer cents.
 */

export type { InvoiceDefaults };

type Invalid = { kind: 'invalid'; message: string; errors: FieldErrors };
export type InvoiceOutcome =
  Invalid | { kind: 'not-found' } | { kind: 'conflict'; message: string } | { kind: 'done'; invoice: InvoiceView };

const invalid = (message: string, errors: FieldErrors): Invalid => ({ kind: 'invalid', message, errors });

export class InvoiceService {
  constructor(
    private readonly db: Kysely<Database>,
    /** What billing reads of a project: the projects capability answers (billing-projects.ts). */
    private readonly projects: BillingProjects,
    private readonly defaults: () => Promise<InvoiceDefaults>,
    /** `queued`: e-mails were committed (the sender sends them in seconds); `now`: the clock (tests). */
    private readonly hooks: { queued?: () => void; now?: () => Date } = {},
  ) {}

  private now(): Date {
    return this.hooks.now?.() ?? new Date();
  }

  /** One invoice as the API answers it (its lines, payments and replacement). */
  async view(invoice: Invoice): Promise<InvoiceView> {
    return (await invoiceViews(this.db, [invoice]))[0]!;
  }

  private async row(id: number): Promise<Invoice | undefined> {
    return this.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async get(id: number): Promise<InvoiceView | null> {
    const invoice = await this.row(id);
    return invoice ? this.view(invoice) : null;
  }

  async create(projectId: number, body: unknown, replacesInvoiceId: number | null = null): Promise<InvoiceOutcome> {
    const parsed = validate(createInvoiceSchema, body ?? {}, 'Please check the invoice');
    if (!parsed.success) return invalid(parsed.message, parsed.errors);
    if (!(await this.projects.find(this.db, projectId))) return { kind: 'not-found' };
    const defaults = await this.defaults();
    const now = this.now();
    const invoice = await this.db
      .transaction()
      .execute((trx) => insertInvoice(trx, projectId, parsed.data, defaults, now, replacesInvoiceId));
    return { kind: 'done', invoice: await this.view(invoice) };
  }

  /** Changes a draft; a sent invoice is voided and reissued instead. */
  async updateDraft(id: number, body: unknown): Promise<InvoiceOutcome> {
    const parsed = validate(updateInvoiceSchema, body ?? {}, 'Please check the invoice');
    if (!parsed.success) return invalid(parsed.message, parsed.errors);
    const current = await this.get(id);
    if (!current) return { kind: 'not-found' };
    if (current.state !== 'draft') return { kind: 'conflict', message: 'A sent invoice cannot be changed: void it and reissue it' };
    const change = parsed.data;
    const lines = change.lines ?? current.lines;
    const discountCents = change.discountCents ?? current.discountCents;
    if (discountCents > lines.reduce((sum, line) => sum + line.amountCents, 0))
      return invalid('The discount must not be more than the lines add up to', {
        discountCents: ['The discount must not be more than the lines add up to'],
      });
    const amounts = invoiceAmounts(
      lines.map((line) => line.amountCents),
      discountCents,
      percentToTaxRate(change.taxPercent ?? current.taxPercent) ?? 0,
    );
    const now = this.now().toISOString();
    const updated = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('invoices')
        .set({
          ...amounts,
          ...(change.dueDate !== undefined ? { dueDate: change.dueDate } : {}),
          ...(change.notes !== undefined ? { notes: change.notes } : {}),
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('state', '=', 'draft')
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      if (change.lines) {
        await trx.deleteFrom('invoiceLines').where('invoiceId', '=', id).execute();
        await trx
          .insertInto('invoiceLines')
          .values(change.lines.map((line, position) => ({ invoiceId: id, position, ...line })))
          .execute();
      }
      return row;
    });
    if (!updated) return { kind: 'conflict', message: 'A sent invoice cannot be changed: void it and reissue it' };
    return { kind: 'done', invoice: await this.view(updated) };
  }

  async send(id: number): Promise<InvoiceOutcome> {
    const now = this.now();
    const draft = await this.row(id);
    // Nothing to ask for: an invoice of zero would sit "sent" for ever, owing nothing.
    if (draft?.state === 'draft' && draft.totalCents === 0)
      return { kind: 'conflict', message: 'This invoice totals nothing: add an amount before sending it' };
    const client = draft && (await this.projects.find(this.db, draft.projectId));
    const { reminderDaysBefore, timeZoneOf } = await this.defaults();
    const reminders = { daysBefore: reminderDaysBefore, timeZone: await timeZoneOf(client?.clientEmail ?? '') };
    const sent = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('invoices')
        .set({ state: 'sent', sentAt: now.toISOString(), updatedAt: now.toISOString() })
        .where('id', '=', id)
        .where('state', '=', 'draft')
        .returningAll()
        .executeTakeFirst();
      // The client's e-mail and the reminders are committed with the sending itself.
      if (row) await queueBillingEmails(trx, row, 'sent', now, reminders);
      return row;
    });
    if (sent) {
      this.hooks.queued?.();
      return { kind: 'done', invoice: await this.view(sent) };
    }
    const current = await this.row(id);
    return current ? { kind: 'conflict', message: 'Only a draft can be sent' } : { kind: 'not-found' };
  }

  /** Voids a draft or a sent invoice nobody paid anything on; with `reissue`, a new draft takes its lines. */
  async void(id: number, body: unknown): Promise<InvoiceOutcome & { reissued?: InvoiceView }> {
    const parsed = validate(voidInvoiceSchema, body ?? {}, 'Invalid request');
    if (!parsed.success) return invalid(parsed.message, parsed.errors);
    const current = await this.get(id);
    if (!current) return { kind: 'not-found' };
    if (current.state === 'void') return { kind: 'conflict', message: 'This invoice is already void' };
    if (current.paidCents !== 0) return { kind: 'conflict', message: 'Money was received on this invoice: refund it before voiding' };
    const now = this.now().toISOString();
    const voided = await this.db
      .updateTable('invoices')
      .set({ state: 'void', voidedAt: now, voidReason: parsed.data.reason || null, updatedAt: now })
      .where('id', '=', id)
      .where('state', 'in', ['draft', 'sent'])
      .where('paidCents', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (!voided) return { kind: 'conflict', message: 'This invoice changed meanwhile: reload it' };
    const invoice = await this.view(voided);
    if (!parsed.data.reissue) return { kind: 'done', invoice };
    const reissued = await this.create(
      current.projectId,
      {
        lines: current.lines,
        dueDate: current.dueDate,
        taxPercent: current.taxPercent,
        discountCents: current.discountCents,
        notes: current.notes,
        kind: current.kind,
      },
      current.id,
    );
    return reissued.kind === 'done' ? { kind: 'done', invoice, reissued: reissued.invoice } : { kind: 'done', invoice };
  }

  /** The owner's record of a bank transfer, cash or other payment, at most what is still due. */
  async recordPayment(id: number, body: unknown, adminId: number): Promise<InvoiceOutcome> {
    const parsed = validate(recordPaymentSchema, body ?? {}, 'Please check the payment');
    if (!parsed.success) return invalid(parsed.message, parsed.errors);
    const current = await this.get(id);
    if (!current) return { kind: 'not-found' };
    if (!isUnpaid(current.state))
      return {
        kind: 'conflict',
        message: current.state === 'paid' ? 'This invoice is paid in full' : 'Send the invoice before recording a payment',
      };
    if (parsed.data.amountCents > current.amountDueCents)
      return invalid('The payment is more than is due', {
        // Shown under the admin's amount field: in money, as the owner typed it.
        amountCents: [`At most ${formatMoney(current.amountDueCents, current.currency)} is due`],
      });
    const now = this.now();
    const applied = await this.db.transaction().execute((trx) =>
      applyMoney(
        trx,
        this.projects,
        id,
        {
          kind: 'payment',
          amountCents: parsed.data.amountCents,
          method: parsed.data.method,
          reference: parsed.data.reference || null,
          paidOn: parsed.data.paidOn ?? todayUtc(now),
          recordedBy: `admin:${adminId}`,
        },
        now,
      ),
    );
    if (!applied) return { kind: 'conflict', message: 'This invoice changed meanwhile: reload it' };
    // The studio's notice of the payment (and the receipt once paid) go out in seconds.
    this.hooks.queued?.();
    return { kind: 'done', invoice: await this.view(applied) };
  }

  /** Every invoice, newest first; `overdue`: sent ones owing past their due date; `disputed`: with a card dispute. */
  list(state?: InvoiceListFilter): Promise<InvoiceView[]> {
    return listInvoices(this.db, state, todayUtc(this.now()));
  }

  /** The Money view's figures, in the studio's currency. */
  summary() {
    return moneySummary(this.db, todayUtc(this.now()));
  }

  ofProject(projectId: number): Promise<InvoiceView[]> {
    return invoicesOfProject(this.db, projectId);
  }

  /** Whether the project's deliveries are locked now: its lock is on and something due before delivery is unpaid (decision 103). */
  deliveryLock(projectId: number): Promise<{ locked: boolean; amountDueCents: number }> {
    return deliveryLockOf(this.db, this.projects, projectId);
  }
}
