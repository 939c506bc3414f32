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
  /** Hundredths of a percent: 8.25 % is 825. */
  taxBasisPoints: number;
  taxCents: number;
  totalCents: number;
}

/** `numerator / denominator` rounded half away from zero, in integers only. */
function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator);
  const magnitude = Math.abs(numerator);
  return sign * Math.floor((magnitude * 2 + denominator) / (denominator * 2));
}

/** The totals of lines, a discount off the subtotal, and tax on what remains. */
export function invoiceAmounts(lineCents: readonly number[], discountCents: number, taxBasisPoints: number): InvoiceAmounts {
  const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const taxable = subtotalCents - discountCents;
  const taxCents = divideRounded(taxable * taxBasisPoints, 10_000);
  return { subtotalCents, discountCents, taxBasisPoints, taxCents, totalCents: taxable + taxCents };
}

/** A deposit of `percent` of a total and the balance left: the two always add up to the total. */
export function depositSplit(totalCents: number, percent: number): { depositCents: number; balanceCents: number } {
  const depositCents = divideRounded(totalCents * percent, 100);
  return { depositCents, balanceCents: totalCents - depositCents };
}

/** "8.25" percent as basis points (825); null when it has more than two decimals or is not a number. */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const points = Math.round(percent * 100);
  return Math.abs(points - percent * 100) < 1e-6 ? points : null;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** "$1,234.50": cents in the studio's currency, for pages, e-mails and the PDF alike. */
export function formatMoney(cents: number, currency: string): string {
  let format = formatters.get(currency);
  if (!format) formatters.set(currency, (format = new Intl.NumberFormat('en-US', { style: 'currency', currency })));
  return format.format(cents / 100);
}
