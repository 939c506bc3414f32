import { MAX_INVOICE_CENTS } from './money.ts';

/*
 * What the owner types in an amount field ("175.50", "$1,200", "80") as integer cents, read as text:
 * multiplying the float 175.5 by 100 is not trusted to give 17550 for every input.
 */

const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;

/** "175.5" -> 17550; "$1,200" -> 120000; null when empty, not an amount, more than two decimals or too large. */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').trim();
  if (cleaned === '' || cleaned === '.') return null;
  const match = AMOUNT.exec(cleaned);
  if (!match) return null;
  const whole = (match[1] ?? '0').replaceAll(',', '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (whole.length > 10) return null;
  const cents = Number(whole) * 100 + Number(fraction);
  return cents <= MAX_INVOICE_CENTS ? cents : null;
}

/** Cents as an amount field's text: 17550 -> "175.50", 8000 -> "80.00". */
export function centsToInput(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** A tax percent field's text as a number, or null: "8.875" -> 8.875, "" -> 0 (no tax); at most three decimals. */
export function parsePercentInput(text: string): number | null {
  const cleaned = text.trim().replace(/%$/, '').trim();
  if (cleaned === '') return 0;
  if (!/^\d+(?:\.\d{1,3})?$/.test(cleaned)) return null;
  return Number(cleaned);
}
