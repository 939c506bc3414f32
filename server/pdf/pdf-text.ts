import type PDFDocument from 'pdfkit';

/*
 * What the studio's PDFs share (the invoice, the signed agreement): pdfkit's built-in Helvetica is
 * WinAnsi, so text is made drawable first; dates read as words; the document is collected as bytes.
 */

/** Helvetica is WinAnsi: what it cannot draw becomes "?" rather than a broken glyph. */
export function drawable(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u20ac\n]/g, '?');
}

/** "December 4, 2026" for a `YYYY-MM-DD` or an ISO time (its UTC day). */
export const dateWords = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The document's bytes once it ends. */
export function collected(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
