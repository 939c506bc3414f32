import { createInvoiceSchema, invoiceLineSchema, updateInvoiceSchema, type InvoiceView } from '#common/billing/invoices.ts';
import { invoiceAmounts, percentToTaxRate, type InvoiceAmounts } from '#common/billing/money.ts';
import { centsToInput, parseMoneyInput, parsePercentInput } from '#common/billing/money-input.ts';
import { firstErrors, validate } from '#common/validation.ts';
import type { InvoiceDraft } from './use-project-invoices.ts';

/*
 * The invoice dialog's fields as the owner typed them (amounts in dollars, as text) and their
 * reading into the API's cents. The shared schemas judge the result, so the dialog and the server
 * say the same thing.
 */

export interface LineFields {
  /** Stable across add and remove, for React's keys and the inputs' ids. */
  key: number;
  description: string;
  amount: string;
}

export interface InvoiceFields {
  lines: LineFields[];
  discount: string;
  tax: string;
  dueDate: string;
  notes: string;
}

let nextKey = 1;
export const blankLine = (description = ''): LineFields => ({ key: nextKey++, description, amount: '' });

export function fieldsOfInvoice(invoice: InvoiceView | null): InvoiceFields {
  if (!invoice) return { lines: [blankLine()], discount: '', tax: '', dueDate: '', notes: '' };
  return {
    lines: invoice.lines.map((line) => ({ key: nextKey++, description: line.description, amount: centsToInput(line.amountCents) })),
    discount: invoice.discountCents > 0 ? centsToInput(invoice.discountCents) : '',
    tax: invoice.taxPercent > 0 ? String(invoice.taxPercent) : '',
    dueDate: invoice.dueDate ?? '',
    notes: invoice.notes,
  };
}

const AMOUNT_HINT = 'Enter an amount like 175.50';

/** Field id -> message: `line-{key}-description`, `line-{key}-amount`, then the schema's own fields (lines, discountCents, ...). */
export type InvoiceFieldErrors = Record<string, string>;

/** The fields as the API's body, or what to fix first. A new invoice without a due date gets the studio's terms. */
export function readInvoiceFields(fields: InvoiceFields, creating: boolean): { draft: InvoiceDraft } | { errors: InvoiceFieldErrors } {
  const errors: InvoiceFieldErrors = {};
  const lines = fields.lines.map((line) => {
    const amountCents = parseMoneyInput(line.amount);
    if (amountCents === null) errors[`line-${line.key}-amount`] = AMOUNT_HINT;
    const checked = invoiceLineSchema.safeParse({ description: line.description, amountCents: amountCents ?? 0 });
    if (!checked.success) {
      const description = checked.error.issues.find((issue) => issue.path[0] === 'description');
      if (description) errors[`line-${line.key}-description`] = description.message;
    }
    return { description: line.description.trim(), amountCents: amountCents ?? 0 };
  });
  const discountCents = fields.discount.trim() === '' ? 0 : parseMoneyInput(fields.discount);
  if (discountCents === null) errors.discountCents = AMOUNT_HINT;
  const taxPercent = parsePercentInput(fields.tax);
  if (taxPercent === null) errors.taxPercent = 'Enter a percent like 8.875';
  if (Object.keys(errors).length > 0) return { errors };

  const dueDate = fields.dueDate === '' ? (creating ? undefined : null) : fields.dueDate;
  const draft: InvoiceDraft = { lines, taxPercent: taxPercent!, discountCents: discountCents!, notes: fields.notes };
  if (dueDate !== undefined) draft.dueDate = dueDate;
  const checked = validate(creating ? createInvoiceSchema : updateInvoiceSchema, draft);
  return checked.success ? { draft } : { errors: firstErrors(checked.errors) };
}

/** The totals as the owner types, lines not yet readable counted as nothing; null while tax or discount cannot be read. */
export function liveTotals(fields: InvoiceFields): InvoiceAmounts | null {
  const lineCents = fields.lines.map((line) => parseMoneyInput(line.amount) ?? 0);
  const discountCents = fields.discount.trim() === '' ? 0 : parseMoneyInput(fields.discount);
  const taxPercent = parsePercentInput(fields.tax);
  const taxRate = taxPercent === null ? null : percentToTaxRate(taxPercent);
  if (discountCents === null || taxRate === null) return null;
  return invoiceAmounts(lineCents, discountCents, taxRate);
}
