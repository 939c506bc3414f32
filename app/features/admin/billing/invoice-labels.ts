import { isUnpaid, type InvoiceStateName, type InvoiceView } from '#common/billing/invoices.ts';

/** What the admin calls each state, kind and way of paying. */
export const INVOICE_STATE_LABELS: Record<InvoiceStateName, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  refunded: 'Refunded',
  void: 'Void',
};

export const INVOICE_KIND_LABELS: Record<InvoiceView['kind'], string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  full: 'In full',
  custom: 'Invoice',
};

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  other: 'Other',
};

/** Sent or partly paid, a balance left and its due date gone: the Money view's "overdue". */
export function isOverdue(invoice: Pick<InvoiceView, 'state' | 'amountDueCents' | 'dueDate'>, today: string): boolean {
  return isUnpaid(invoice.state) && invoice.amountDueCents > 0 && invoice.dueDate !== null && invoice.dueDate < today;
}

/** Today as the studio's invoices write a day (UTC, as the server judges "overdue"). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
