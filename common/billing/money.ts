/*
 * Money as integer cents, never floats: every sum, tax and share is worked out here in whole cents,
 * by the server (the browser only shows what it is sent). Rounding is half away from zero, once,
 * at the tax and at the deposit share.
 */

/** The largest amount one invoice may reach: $10 million, far inside Number's exact integers. */
export const MAX_INVOICE_CENTS = 1_000_000_000;

export interface InvoiceAmounts {
  subtotalCents: number;
  discountCents: number;
  /** Thousandths of a percent: 8.875 % is 8875, 8.25 % is 8250. */
  taxRate: number;
  taxCents: number;
  totalCents: number;
}

/** `numerator / denominator` rounded half away from zero, in integers only. */
function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator);
  const magnitude = Math.abs(numerator);
  return sign * Math.floor((magnitude * 2 + denominator) / (denominator * 2));
}

/** A tax rate's unit: 100 % is 100,000 thousandths of a percent. */
const WHOLE_RATE = 100_000;

/**
 * The totals of lines, a discount off the subtotal, and tax on what remains: the tax is rounded to
 * the cent once, half away from zero, on the whole taxable amount (never line by line).
 */
export function invoiceAmounts(lineCents: readonly number[], discountCents: number, taxRate: number): InvoiceAmounts {
  const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const taxable = subtotalCents - discountCents;
  // At most $10 million times 50,000: 5e13, inside Number's exact integers.
  const taxCents = divideRounded(taxable * taxRate, WHOLE_RATE);
  return { subtotalCents, discountCents, taxRate, taxCents, totalCents: taxable + taxCents };
}

/** A deposit of `percent` of a total and the balance left: the two always add up to the total. */
export function depositSplit(totalCents: number, percent: number): { depositCents: number; balanceCents: number } {
  const depositCents = divideRounded(totalCents * percent, 100);
  return { depositCents, balanceCents: totalCents - depositCents };
}

/** "8.875" percent as a tax rate in thousandths of a percent (8875); null with more than three decimals or not a number. */
export function percentToTaxRate(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const rate = Math.round(percent * 1000);
  return Math.abs(rate - percent * 1000) < 1e-6 ? rate : null;
}

/** A tax rate back as the percent the owner typed: 8875 is 8.875. */
export const taxRateToPercent = (rate: number): number => rate / 1000;

const formatters = new Map<string, Intl.NumberFormat>();

/** "$1,234.50": cents in the studio's currency, for pages, e-mails and the PDF alike. */
export function formatMoney(cents: number, currency: string): string {
  let format = formatters.get(currency);
  if (!format) formatters.set(currency, (format = new Intl.NumberFormat('en-US', { style: 'currency', currency })));
  return format.format(cents / 100);
}
