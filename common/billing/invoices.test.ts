import { describe, expect, it } from 'vitest';
import { INVOICE_STATES, isUnpaid, UNPAID_INVOICE_STATES } from './invoices.ts';

describe('what counts as an unpaid invoice', () => {
  it('is a sent invoice, paid in part or not at all; never a draft, a paid or a void one', () => {
    expect(INVOICE_STATES.filter(isUnpaid)).toEqual(['sent', 'partly_paid']);
    expect([...UNPAID_INVOICE_STATES]).toEqual(['sent', 'partly_paid']);
  });
});
