import { safeText } from '#common/text.ts';
import { z } from '#common/zod.ts';

/*
 * Field rules shared by every section of the owner's site content. Each names its field in its
 * messages, so the editor can show them under the input they belong to.
 */

/** One line of text, trimmed; `min: 0` allows it to be left empty. */
export const line = (label: string, max: number, { min = 1 }: { min?: number } = {}) =>
  safeText(z.string({ error: `${label} is required` }), label)
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Text that may span lines (plain text or Markdown); `min: 0` allows it to be left empty. */
export const paragraphs = (label: string, max: number, { min = 1 }: { min?: number } = {}) =>
  safeText(z.string({ error: `${label} is required` }), label, { multiline: true })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Whole US dollars: every price on the site is a whole number. */
export const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of dollars`)
    .min(0, `${label} must not be negative`)
    .max(100_000, `${label} must be at most $100000`);

/** An absolute URL a visitor may follow: http(s) only, no credentials in it. */
export function isWebUrl(value: string, { httpsOnly = false } = {}): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const protocols = httpsOnly ? ['https:'] : ['https:', 'http:'];
  return protocols.includes(url.protocol) && url.username === '' && url.password === '' && /^https?:\/\/[^/\\]/i.test(value);
}

export const webUrl = (label: string, { httpsOnly = false } = {}) =>
  line(label, 2048).refine((value) => isWebUrl(value, { httpsOnly }), `${label} must be ${httpsOnly ? 'an https' : 'an http(s)'} address`);
