import type { InvoiceView } from '#common/billing/invoices.ts';

export type ClientInvoiceState = 'due' | 'overdue' | 'part-paid' | 'paid' | 'refunded' | 'void';

/** An invoice's state in the client's words; "overdue" once its due date (a UTC day) is behind today. */
export function clientInvoiceState(invoice: InvoiceView, today = new Date().toISOString().slice(0, 10)): ClientInvoiceState {
  if (invoice.state === 'void') return 'void';
  // Everything paid went back: nothing is owed, and it is not "due" again.
  if (invoice.state === 'refunded') return 'refunded';
  if (invoice.state === 'paid' || invoice.amountDueCents === 0) return 'paid';
  if (invoice.dueDate !== null && invoice.dueDate < today) return 'overdue';
  return invoice.state === 'partly_paid' ? 'part-paid' : 'due';
}

export const CLIENT_INVOICE_STATE_LABELS: Record<ClientInvoiceState, string> = {
  due: 'Due',
  overdue: 'Overdue',
  'part-paid': 'Part paid',
  paid: 'Paid',
  refunded: 'Refunded',
  void: 'Void',
};

/** Amber while something is owed, red once late, green when settled, grey when cancelled (as the status badge's tones). */
export const CLIENT_INVOICE_STATE_TONES: Record<ClientInvoiceState, string> = {
  due: 'bg-accent-soft text-accent ring-accent/40',
  overdue: 'bg-danger/15 text-red-300 ring-red-300/40',
  'part-paid': 'bg-accent-soft text-accent ring-accent/40',
  paid: 'bg-success/15 text-green-300 ring-green-300/40',
  refunded: 'bg-surface-raised text-fg-muted ring-line-strong',
  void: 'bg-surface-raised text-fg-muted ring-line-strong',
};
