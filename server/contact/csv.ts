/*
 * CSV as RFC 4180 writes it (CRLF rows, fields quoted when they hold a comma, quote or line break,
 * quotes doubled), made safe to open in a spreadsheet: a cell a spreadsheet would run as a formula
 * gets a leading apostrophe (OWASP's advice for CSV injection).
 */

/** Excel reads a file without this mark as the local code page and garbles accents. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
