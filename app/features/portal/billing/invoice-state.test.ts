import { describe, expect, it } from 'vitest';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { clientInvoiceState } from './invoice-state.ts';

const invoice = (fields: Partial<InvoiceView>) => ({ state: 'sent', amountDueCents: 100, dueDate: '2027-03-15', ...fields }) as InvoiceView;

describe('clientInvoiceState', () => {
  it('says due until the due date has passed, then overdue', () => {
    expect(clientInvoiceState(invoice({}), '2027-03-15')).toBe('due');
    expect(clientInvoiceState(invoice({}), '2027-03-16')).toBe('overdue');
    expect(clientInvoiceState(invoice({ dueDate: null }), '2099-01-01')).toBe('due');
  });

  it('tells part paid, paid and void apart', () => {
    expect(clientInvoiceState(invoice({ state: 'partly_paid' }), '2027-01-01')).toBe('part-paid');
    expect(clientInvoiceState(invoice({ state: 'paid', amountDueCents: 0 }), '2099-01-01')).toBe('paid');
    expect(clientInvoiceState(invoice({ state: 'void', amountDueCents: 0 }), '2027-01-01')).toBe('void');
    // A refund never makes an invoice due again, even past its due date.
    expect(clientInvoiceState(invoice({ state: 'refunded', amountDueCents: 0 }), '2099-01-01')).toBe('refunded');
    expect(clientInvoiceState(invoice({ state: 'paid', amountDueCents: 0, refundedCents: 10_000 }), '2099-01-01')).toBe('paid');
  });
});
