import type { Kysely } from 'kysely';
import { recordRefundSchema, refundableCents, refundLockSchema, type InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import { validate } from '#common/validation.ts';
import type { Database } from '#server/db/schema.ts';
import type { BillingProjects } from './billing-projects.ts';
import { invoiceViews } from './invoice-reads.ts';
import type { InvoiceOutcome } from './invoices.ts';
import { applyMoney } from './payments.ts';

/*
 * Money the owner gives back (decision 104). A refund is recorded as a refund: the invoice keeps
 * what it was paid and shows what went back ("paid, $100 refunded"), everything given back is the
 * state `refunded`, and neither owes anything again. Whether a refund locks the masters again is
 * the owner's answer, asked with the refund (no by default) and changeable on the invoice, which is
 * where a card refund from Stripe's webhook (always no at first) is decided.
 */

export class Refunds {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: BillingProjects,
    /** `queued`: the studio's notice was committed; `now`: the clock (tests). */
    private readonly hooks: { queued?: () => void; now?: () => Date } = {},
  ) {}

  private async view(id: number): Promise<InvoiceView | null> {
    const row = await this.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await invoiceViews(this.db, [row]))[0]! : null;
  }

  /** The owner's record of money given back (a transfer, cash), at most what is refundable, with the lock's answer. */
  async record(id: number, body: unknown, adminId: number): Promise<InvoiceOutcome> {
    const parsed = validate(recordRefundSchema, body ?? {}, 'Please check the refund');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const current = await this.view(id);
    if (!current) return { kind: 'not-found' };
    const refundable = refundableCents(current);
    if (refundable === 0) return { kind: 'conflict', message: 'Nothing was paid on this invoice that could be refunded' };
    if (parsed.data.amountCents > refundable)
      return {
        kind: 'invalid',
        message: 'The refund is more than was paid',
        errors: { amountCents: [`At most ${formatMoney(refundable, current.currency)} can be refunded`] },
      };
    const now = this.hooks.now?.() ?? new Date();
    const applied = await this.db.transaction().execute(async (trx) => {
      const invoice = await applyMoney(
        trx,
        this.projects,
        id,
        {
          kind: 'refund',
          amountCents: -parsed.data.amountCents,
          method: parsed.data.method,
          reference: parsed.data.reference || null,
          paidOn: parsed.data.paidOn ?? now.toISOString().slice(0, 10),
          recordedBy: `admin:${adminId}`,
        },
        now,
      );
      if (invoice)
        await trx
          .updateTable('invoices')
          .set({ refundLocksDelivery: parsed.data.relockDelivery ? 1 : 0 })
          .where('id', '=', id)
          .execute();
      return invoice;
    });
    if (!applied) return { kind: 'conflict', message: 'This invoice changed meanwhile: reload it' };
    this.hooks.queued?.();
    const invoice = await this.view(id);
    return invoice ? { kind: 'done', invoice } : { kind: 'not-found' };
  }

  /** The owner's answer later: whether this invoice's refunds lock the deliveries again. */
  async setRelock(id: number, body: unknown): Promise<InvoiceOutcome> {
    const parsed = validate(refundLockSchema, body ?? {}, 'Invalid request');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const changed = await this.db
      .updateTable('invoices')
      .set({ refundLocksDelivery: parsed.data.relockDelivery ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return { kind: 'not-found' };
    const invoice = await this.view(id);
    return invoice ? { kind: 'done', invoice } : { kind: 'not-found' };
  }
}
