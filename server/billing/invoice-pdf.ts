import PDFDocument from 'pdfkit';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import { collected, dateWords, drawable } from '#server/pdf/pdf-text.ts';
import { drawSumRows, sumRows } from '#server/pdf/pdf-sums.ts';

/*
 * The invoice as a PDF, made on the server with pdfkit: one document for the client and the owner.
 * The studio's name, address, e-mail and logo come from the site content; the amounts are the
 * invoice's own. pdfkit's built-in Helvetica covers Western European letters; a character it cannot
 * draw is replaced, so a name in another script never breaks the document.
 */

export interface InvoiceParties {
  studio: { name: string; email: string; addressLines: string[]; logoPng: Buffer | null };
  client: { name: string; email: string };
  projectTitle: string;
  paymentInstructions: string;
}

const INK = '#111111';
const MUTED = '#555555';
const ACCENT = '#8a5a00';
const PAGE_MARGIN = 56;

const STATE_WORDS: Record<InvoiceView['state'], string> = {
  draft: 'DRAFT',
  sent: 'DUE',
  partly_paid: 'PARTLY PAID',
  paid: 'PAID',
  refunded: 'REFUNDED',
  void: 'VOID',
};

const PAYMENT_WORDS: Record<InvoiceView['payments'][number]['kind'], string> = {
  payment: 'paid',
  refund: 'refunded',
  dispute: 'disputed',
  dispute_won: 'dispute won, returned',
};

export function invoicePdf(invoice: InvoiceView, parties: InvoiceParties): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    info: { Title: `Invoice ${invoice.number}`, Author: drawable(parties.studio.name), Subject: drawable(parties.projectTitle) },
  });
  const done = collected(doc);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const width = doc.page.width - PAGE_MARGIN * 2;
  const right = PAGE_MARGIN + width;

  // The studio, with its logo at the top right.
  if (parties.studio.logoPng) {
    try {
      doc.image(parties.studio.logoPng, right - 140, PAGE_MARGIN, { fit: [140, 60], align: 'right' });
    } catch {
      // A logo pdfkit cannot read leaves the space empty; the studio's name says who it is from.
    }
  }
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(drawable(parties.studio.name), PAGE_MARGIN, PAGE_MARGIN, { width: width - 160 });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  for (const line of [...parties.studio.addressLines, parties.studio.email]) doc.text(drawable(line), { width: width - 160 });

  // Title, number, dates and state.
  doc.moveDown(2).fillColor(INK).font('Helvetica-Bold').fontSize(24).text('Invoice', PAGE_MARGIN);
  doc.font('Helvetica').fontSize(11).fillColor(MUTED);
  doc.text(`Number: ${invoice.number}`);
  doc.text(`Issued: ${dateWords(invoice.sentAt ?? invoice.createdAt)}`);
  if (invoice.dueDate) doc.text(`Due: ${dateWords(invoice.dueDate)}`);
  doc.fillColor(invoice.state === 'paid' ? '#1b6e3a' : invoice.state === 'void' ? '#9b1c1c' : ACCENT).font('Helvetica-Bold');
  doc.text(`Status: ${STATE_WORDS[invoice.state]}`);

  // Bill to.
  doc.moveDown().fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Bill to');
  doc.font('Helvetica').fillColor(MUTED);
  doc.text(drawable(parties.client.name));
  doc.text(drawable(parties.client.email));
  doc.text(`Project: ${drawable(parties.projectTitle)}`);

  // Lines.
  doc.moveDown(1.5);
  const amountWidth = 120;
  const rowTop = () => doc.y;
  let y = rowTop();
  doc
    .font('Helvetica-Bold')
    .fillColor(INK)
    .text('Description', PAGE_MARGIN, y, { width: width - amountWidth });
  doc.text('Amount', right - amountWidth, y, { width: amountWidth, align: 'right' });
  y = doc.y + 4;
  doc.moveTo(PAGE_MARGIN, y).lineTo(right, y).strokeColor('#cccccc').stroke();
  doc.font('Helvetica').fillColor(INK);
  for (const line of invoice.lines) {
    y += 8;
    doc.text(drawable(line.description), PAGE_MARGIN, y, { width: width - amountWidth - 12 });
    const after = doc.y;
    doc.text(money(line.amountCents), right - amountWidth, y, { width: amountWidth, align: 'right' });
    y = Math.max(after, doc.y);
  }
  y += 8;
  doc.moveTo(PAGE_MARGIN, y).lineTo(right, y).strokeColor('#cccccc').stroke();

  // Totals.
  const totals = sumRows(invoice, money, { label: `Tax (${invoice.taxPercent} %)`, shown: invoice.taxCents > 0 || invoice.taxPercent > 0 });
  if (invoice.paidCents !== 0) totals.push(['Paid', `-${money(invoice.paidCents)}`, false]);
  if (invoice.refundedCents !== 0) totals.push(['Refunded', money(invoice.refundedCents), false]);
  if (invoice.state !== 'void' && invoice.state !== 'draft') totals.push(['Amount due', money(invoice.amountDueCents), true]);
  y = drawSumRows(doc, totals, { y, right, amountWidth, gap: 8, fontSize: 11 });

  // Payments, notes and how to pay.
  doc.x = PAGE_MARGIN;
  doc.y = y + 20;
  doc.fontSize(11);
  if (invoice.payments.length > 0) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Payments', PAGE_MARGIN);
    doc.font('Helvetica').fillColor(MUTED);
    for (const payment of invoice.payments)
      doc.text(
        `${dateWords(payment.paidOn)}: ${PAYMENT_WORDS[payment.kind]} ${money(Math.abs(payment.amountCents))} ` +
          `(${payment.method.replace('_', ' ')})`,
        {
          width,
        },
      );
    doc.moveDown();
  }
  if (invoice.notes) {
    doc.font('Helvetica-Bold').fillColor(INK).text('Notes', PAGE_MARGIN);
    doc.font('Helvetica').fillColor(MUTED).text(drawable(invoice.notes), { width }).moveDown();
  }
  if (parties.paymentInstructions && invoice.amountDueCents > 0) {
    doc.font('Helvetica-Bold').fillColor(INK).text('How to pay', PAGE_MARGIN);
    doc.font('Helvetica').fillColor(MUTED).text(drawable(parties.paymentInstructions), { width });
  }
  doc.end();
  return done;
}
