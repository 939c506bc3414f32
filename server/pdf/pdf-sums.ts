import type PDFDocument from 'pdfkit';

/*
 * The sums of the studio's money documents (the invoice, the proposal's signed agreement), drawn the
 * same way: a label right-aligned beside its amount, the strong rows larger and bold.
 */

/** A row under the lines: its label, its amount in words of money, and whether it is a total. */
export type SumRow = [label: string, value: string, strong: boolean];

interface Sums {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** Subtotal, the discount and the tax when there are any (`taxLabel` names the rate), and the total. */
export function sumRows(sums: Sums, money: (cents: number) => string, tax: { label: string; shown: boolean }): SumRow[] {
  const rows: SumRow[] = [['Subtotal', money(sums.subtotalCents), false]];
  if (sums.discountCents > 0) rows.push(['Discount', `-${money(sums.discountCents)}`, false]);
  if (tax.shown) rows.push([tax.label, money(sums.taxCents), false]);
  rows.push(['Total', money(sums.totalCents), true]);
  return rows;
}

/** Draws the rows from `y` down against the right margin; answers where they end. */
export function drawSumRows(
  doc: InstanceType<typeof PDFDocument>,
  rows: SumRow[],
  place: { y: number; right: number; amountWidth: number; gap: number; fontSize: number },
): number {
  let y = place.y;
  for (const [label, value, strong] of rows) {
    y += place.gap;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 12 : place.fontSize);
    doc.text(label, place.right - place.amountWidth - 160, y, { width: 160, align: 'right' });
    doc.text(value, place.right - place.amountWidth, y, { width: place.amountWidth, align: 'right' });
    y = doc.y;
  }
  return y;
}
