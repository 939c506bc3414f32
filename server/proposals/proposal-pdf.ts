import PDFDocument from 'pdfkit';
import { formatMoney } from '#common/billing/money.ts';
import { parseMarkdown, type MarkdownBlock, type MarkdownInline } from '#common/markdown.ts';
import type { ProposalQuote } from '#common/proposal-quote.ts';
import { collected, dateWords, drawable } from '#server/pdf/pdf-text.ts';
import { drawSumRows, sumRows } from '#server/pdf/pdf-sums.ts';

/*
 * The proposal as a PDF (decision 114): what is included and its sums, the payment plan, the
 * agreement as the client read it and, once signed, the signature and an audit trail page (who,
 * when, from where, with which browser, and the SHA-256 of the exact agreement text shown), so the
 * studio and the client each keep the same record.
 */

export interface ProposalDocument {
  studio: { name: string; email: string; addressLines: string[] };
  proposal: {
    id: number;
    title: string;
    clientName: string;
    clientEmail: string;
    artistName: string;
    message: string;
    sentAt: string | null;
    firstViewedAt: string | null;
    expiresOn: string | null;
  };
  currency: string;
  quote: ProposalQuote;
  /** "Deposit on signing", "Balance before the masters are delivered": each part's words, in order. */
  partWords: string[];
  agreement: { title: string; text: string };
  signature: {
    signatureName: string;
    signedAt: string;
    ipAddress: string;
    userAgent: string;
    agreementSha256: string;
    optionLabels: string[];
  } | null;
}

const INK = '#111111';
const MUTED = '#555555';
const MARGIN = 56;

const inlineText = (inlines: MarkdownInline[]): string =>
  inlines
    .map((inline) => {
      if (inline.type === 'text' || inline.type === 'code') return inline.value;
      if (inline.type === 'break') return '\n';
      return inlineText(inline.children);
    })
    .join('');

function drawBlocks(doc: InstanceType<typeof PDFDocument>, blocks: MarkdownBlock[], width: number, indent = 0): void {
  for (const block of blocks) {
    const x = MARGIN + indent;
    if (block.type === 'heading') {
      doc
        .moveDown(0.6)
        .font('Helvetica-Bold')
        .fontSize(block.level === 2 ? 13 : 11.5)
        .fillColor(INK);
      doc.text(drawable(inlineText(block.children)), x, undefined, { width: width - indent });
      doc.moveDown(0.2);
    } else if (block.type === 'paragraph') {
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(drawable(inlineText(block.children)), x, undefined, { width: width - indent });
      doc.moveDown(0.5);
    } else if (block.type === 'list') {
      block.items.forEach((item, index) => {
        const marker = block.ordered ? `${block.start + index}.` : '•';
        const top = doc.y;
        doc.font('Helvetica').fontSize(10).fillColor(INK).text(marker, x, top, { width: 18 });
        doc.y = top;
        drawBlocks(doc, item, width, indent + 18);
      });
      doc.moveDown(0.3);
    } else if (block.type === 'quote') {
      drawBlocks(doc, block.children, width, indent + 14);
    } else if (block.type === 'code') {
      doc
        .font('Courier')
        .fontSize(9)
        .fillColor(INK)
        .text(drawable(block.value), x, undefined, { width: width - indent });
      doc.moveDown(0.5);
    } else {
      doc.moveDown(0.5);
    }
  }
  doc.x = MARGIN;
}

export function proposalPdf(input: ProposalDocument): Promise<Buffer> {
  const { proposal, quote, signature } = input;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: drawable(`${signature ? 'Signed agreement' : 'Proposal'}: ${proposal.title}`),
      Author: drawable(input.studio.name),
    },
  });
  const done = collected(doc);
  const money = (cents: number) => formatMoney(cents, input.currency);
  const width = doc.page.width - MARGIN * 2;
  const right = MARGIN + width;
  const amountWidth = 120;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(drawable(input.studio.name), MARGIN, MARGIN, { width });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  for (const line of [...input.studio.addressLines, input.studio.email]) doc.text(drawable(line), { width });

  doc.moveDown(1.5).fillColor(INK).font('Helvetica-Bold').fontSize(22).text(drawable(proposal.title), MARGIN, undefined, { width });
  doc.font('Helvetica').fontSize(11).fillColor(MUTED);
  doc.text(drawable(`For ${proposal.clientName} <${proposal.clientEmail}>`));
  if (proposal.artistName) doc.text(drawable(`Artist: ${proposal.artistName}`));
  if (proposal.sentAt) doc.text(`Sent: ${dateWords(proposal.sentAt)}`);
  if (proposal.expiresOn && !signature) doc.text(`Open until: ${dateWords(proposal.expiresOn)}`);
  doc.fillColor(signature ? '#1b6e3a' : '#8a5a00').font('Helvetica-Bold');
  doc.text(signature ? `Signed by ${drawable(signature.signatureName)} on ${dateWords(signature.signedAt)}` : 'Not signed yet');

  if (proposal.message) {
    doc.moveDown().font('Helvetica').fontSize(10.5).fillColor(INK).text(drawable(proposal.message), MARGIN, undefined, { width });
  }

  // What is included, and the sums.
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(12).fillColor(INK).text('What is included', MARGIN);
  let y = doc.y + 6;
  doc.font('Helvetica').fontSize(10.5);
  for (const line of quote.lines) {
    doc.text(drawable(line.label), MARGIN, y, { width: width - amountWidth - 12 });
    const after = doc.y;
    doc.text(money(line.amountCents), right - amountWidth, y, { width: amountWidth, align: 'right' });
    y = Math.max(after, doc.y) + 4;
  }
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor('#cccccc').stroke();
  const totals = sumRows(quote, money, { label: 'Tax', shown: quote.taxCents > 0 });
  y = drawSumRows(doc, totals, { y, right, amountWidth, gap: 6, fontSize: 10.5 });

  // The payment plan.
  doc.x = MARGIN;
  doc.y = y + 16;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Payment plan', MARGIN);
  doc.font('Helvetica').fontSize(10.5);
  quote.parts.forEach((part, index) => doc.text(drawable(`${input.partWords[index] ?? part.kind}: ${money(part.totalCents)}`), { width }));

  // The agreement as shown.
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text(drawable(input.agreement.title), MARGIN, MARGIN, { width });
  doc.moveDown(0.5);
  drawBlocks(doc, parseMarkdown(input.agreement.text), width);

  if (signature) {
    doc.moveDown().font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Signature', MARGIN);
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .text(drawable(`${signature.signatureName}, typed as a signature on ${signature.signedAt} (UTC)`), { width });

    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('Audit trail', MARGIN, MARGIN);
    doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor(MUTED);
    doc.text('The record of this electronic signature, as the studio keeps it.', { width });
    doc.moveDown();
    const rows: Array<[string, string]> = [
      ['Document', `${proposal.title} (proposal ${proposal.id})`],
      ['Signer', `${signature.signatureName} <${proposal.clientEmail}>`],
      ['Sent', proposal.sentAt ?? '-'],
      ['First opened', proposal.firstViewedAt ?? '-'],
      ['Signed', `${signature.signedAt} (UTC)`],
      ['IP address', signature.ipAddress],
      ['Browser', signature.userAgent || '-'],
      ['Options chosen', signature.optionLabels.length > 0 ? signature.optionLabels.join(', ') : 'none'],
      ['Total agreed', money(quote.totalCents)],
      ['Agreement SHA-256', signature.agreementSha256],
    ];
    for (const [label, value] of rows) {
      const top = doc.y;
      doc.font('Helvetica-Bold').fillColor(INK).text(label, MARGIN, top, { width: 130 });
      const labelBottom = doc.y;
      // The hash on one line (Courier at 8 pt fits its 64 characters), so it reads and copies whole.
      const hash = label === 'Agreement SHA-256';
      doc
        .font(hash ? 'Courier' : 'Helvetica')
        .fontSize(hash ? 8 : 10)
        .fillColor(INK)
        .text(drawable(value), MARGIN + 140, top, { width: width - 140 });
      doc.y = Math.max(labelBottom, doc.y) + 6;
    }
  }
  doc.end();
  return done;
}
