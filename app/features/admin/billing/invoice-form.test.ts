import { describe, expect, it } from 'vitest';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { blankLine, fieldsOfInvoice, liveTotals, readInvoiceFields, type InvoiceFields } from './invoice-form.ts';

const fields = (overrides: Partial<InvoiceFields> = {}): InvoiceFields => ({
  lines: [{ ...blankLine('Mix and master'), amount: '175.50' }],
  discount: '',
  tax: '',
  dueDate: '',
  notes: '',
  ...overrides,
});

describe('readInvoiceFields', () => {
  it('reads dollars as cents and leaves a new invoice’s due date to the studio', () => {
    const read = readInvoiceFields(fields({ discount: '10.05', tax: '8.25' }), true);
    expect(read).toEqual({
      draft: { lines: [{ description: 'Mix and master', amountCents: 17550 }], discountCents: 1005, taxPercent: 8.25, notes: '' },
    });
  });

  it('sends an emptied due date of a draft as none', () => {
    const read = readInvoiceFields(fields(), false);
    expect('draft' in read && read.draft.dueDate).toBeNull();
  });

  it('names the line and field to fix', () => {
    const line = { ...blankLine(''), amount: '12.345' };
    const read = readInvoiceFields(fields({ lines: [line], tax: 'lots' }), true);
    expect(read).toEqual({
      errors: {
        [`line-${line.key}-amount`]: 'Enter an amount like 175.50',
        [`line-${line.key}-description`]: 'Description is required',
        taxPercent: 'Enter a percent like 8.875',
      },
    });
  });

  it('refuses a discount above the lines with the shared rule', () => {
    const read = readInvoiceFields(fields({ discount: '200' }), true);
    expect(read).toEqual({ errors: { discountCents: 'The discount must not be more than the lines add up to' } });
  });
});

describe('liveTotals and fieldsOfInvoice', () => {
  it('adds up as the owner types, with tax on what the discount leaves', () => {
    const totals = liveTotals(
      fields({
        lines: [
          { ...blankLine('a'), amount: '100' },
          { ...blankLine('b'), amount: 'x' },
        ],
        discount: '10',
        tax: '10',
      }),
    );
    expect(totals).toMatchObject({ subtotalCents: 10000, discountCents: 1000, taxCents: 900, totalCents: 9900 });
    expect(liveTotals(fields({ tax: '1.2345' }))).toBeNull();
    expect(liveTotals(fields({ tax: '8.875', lines: [{ ...blankLine('Mix'), amount: '100' }] }))?.taxCents).toBe(888);
  });

  it('shows a draft’s cents as dollars', () => {
    const invoice = {
      lines: [{ description: 'Stems', amountCents: 5005 }],
      discountCents: 0,
      taxPercent: 0,
      dueDate: null,
      notes: 'n',
    } as unknown as InvoiceView;
    expect(fieldsOfInvoice(invoice)).toMatchObject({
      lines: [{ description: 'Stems', amount: '50.05' }],
      discount: '',
      tax: '',
      dueDate: '',
      notes: 'n',
    });
  });
});
