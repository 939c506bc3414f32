import type { Kysely } from 'kysely';
import { isUnpaid } from '#common/billing/invoices.ts';
import { holdsDelivery, type DueRule, type PaymentPlanView, type PlanPartView } from '#common/billing/payment-plan.ts';
import type { Database, Invoice, PaymentPlanPart } from '#server/db/schema.ts';

/*
 * Reading a project's payment plan with its invoices (decision 103): each part's live invoice (a
 * reissue stands in for the voided one it replaces), what each still asks for, and what the parts
 * due before delivery hold back. The delivery lock, the "files ready" e-mail, the upload gate and
 * the admin's timeline all read this one answer.
 */

type InvoiceFacts = Pick<Invoice, 'id' | 'number' | 'state' | 'totalCents' | 'paidCents' | 'replacesInvoiceId' | 'dueDate'>;

export const dueRuleOf = (part: Pick<PaymentPlanPart, 'dueRule' | 'dueOn' | 'dueDays'>): DueRule => {
  switch (part.dueRule) {
    case 'on_date':
      return { rule: 'on_date', date: part.dueOn ?? '' };
    case 'days_after_delivery':
      return { rule: 'days_after_delivery', days: part.dueDays ?? 0 };
    default:
      return { rule: part.dueRule };
  }
};

/** What an invoice still asks for: a draft its whole total (it is money the plan expects), a sent one its balance. */
const askedBy = (invoice: InvoiceFacts) =>
  invoice.state === 'draft' ? invoice.totalCents : isUnpaid(invoice.state) ? Math.max(0, invoice.totalCents - invoice.paidCents) : 0;

/** The invoice standing for `invoiceId` now, following reissues; every invoice passed on the way is the part's. */
function liveInvoice(invoices: readonly InvoiceFacts[], invoiceId: number | null, passed: Set<number>): InvoiceFacts | null {
  let current = invoices.find((invoice) => invoice.id === invoiceId) ?? null;
  while (current) {
    passed.add(current.id);
    if (current.state !== 'void') return current;
    const replacedBy = invoices.find((invoice) => invoice.replacesInvoiceId === current!.id);
    if (!replacedBy) return null;
    current = replacedBy;
  }
  return null;
}

export interface ProjectMoney {
  plan: PaymentPlanView | null;
  /** What the project's sent invoices outside the plan (made line by line) still owe. */
  unplannedOwedCents: number;
  /** The live invoice of each part, in the plan's order (null before it is invoiced). */
  liveInvoices: Array<InvoiceFacts | null>;
}

export async function projectMoney(db: Kysely<Database>, projectId: number): Promise<ProjectMoney> {
  const [plan, parts, invoices] = await Promise.all([
    db.selectFrom('paymentPlans').selectAll().where('projectId', '=', projectId).executeTakeFirst(),
    db.selectFrom('paymentPlanParts').selectAll().where('projectId', '=', projectId).orderBy('position').execute(),
    db
      .selectFrom('invoices')
      .select(['id', 'number', 'state', 'totalCents', 'paidCents', 'replacesInvoiceId', 'dueDate'])
      .where('projectId', '=', projectId)
      .orderBy('id')
      .execute(),
  ]);
  const passed = new Set<number>();
  const liveInvoices = parts.map((part) => liveInvoice(invoices, part.invoiceId, passed));
  const views: PlanPartView[] = parts.map((part, index) => {
    const invoice = liveInvoices[index] ?? null;
    const due = dueRuleOf(part);
    return {
      kind: part.kind,
      amountCents: Number(part.amountCents),
      due,
      holdsDelivery: holdsDelivery(due),
      invoiceId: invoice?.id ?? null,
      invoiceNumber: invoice?.number ?? null,
      state: invoice?.state ?? 'not_invoiced',
      owedCents: invoice ? askedBy(invoice) : Number(part.amountCents),
    };
  });
  const unplannedOwedCents = invoices
    .filter((invoice) => !passed.has(invoice.id) && isUnpaid(invoice.state))
    .reduce((sum, invoice) => sum + askedBy(invoice), 0);
  if (!plan) return { plan: null, unplannedOwedCents, liveInvoices: [] };
  const first = views[0];
  return {
    plan: {
      projectId,
      depositPercent: plan.depositPercent,
      depositGatesUploads: plan.depositGatesUploads === 1,
      totalCents: views.reduce((sum, part) => sum + part.amountCents, 0),
      startedAt: String(plan.startedAt),
      parts: views,
      heldCents: views.filter((part) => part.holdsDelivery).reduce((sum, part) => sum + part.owedCents, 0),
      // The first part is what the work waits for: the deposit, or the payment in full.
      depositPaid: first?.state === 'paid',
    },
    unplannedOwedCents,
    liveInvoices,
  };
}

/** What must be paid before the masters may leave: the plan's parts due before delivery, and any other sent invoice's balance. */
export async function amountHeldBeforeDelivery(db: Kysely<Database>, projectId: number): Promise<number> {
  const { plan, unplannedOwedCents } = await projectMoney(db, projectId);
  return (plan?.heldCents ?? 0) + unplannedOwedCents;
}
