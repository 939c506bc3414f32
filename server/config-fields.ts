import { z } from 'zod';

/**
 * The kinds of value an environment variable holds, each refusing a bad value in words a person can
 * act on ("must be a whole number from 0 to 65535"), never the parser's ("expected number, received
 * NaN"). A blank value (`PORT=` in a .env file) counts as unset everywhere: it takes the default.
 * parseEnvironment (config.ts) adds the variable's name and, unless it is a secret, the value given.
 */

const isBlank = (value: string | undefined): value is undefined => value === undefined || value.trim() === '';

/** A string with a default; surrounding spaces are kept out. */
export function text(fallback: string) {
  return z
    .string()
    .optional()
    .transform((value) => (isBlank(value) ? fallback : value.trim()));
}

/** A string or nothing. */
export const optionalText = z
  .string()
  .optional()
  .transform((value) => (isBlank(value) ? undefined : value.trim()));

/** A whole number in a range, written in digits. */
export function wholeNumber(fallback: number, min: number, max?: number) {
  const range = max === undefined ? `of at least ${min}` : `from ${min} to ${max}`;
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return fallback;
      const digits = value.trim();
      const number = Number(digits);
      if (/^\d+$/.test(digits) && number >= min && (max === undefined || number <= max)) return number;
      ctx.addIssue({ code: 'custom', message: `must be a whole number ${range}` });
      return z.NEVER;
    });
}

const YES = new Set(['true', '1', 'yes']);
const NO = new Set(['false', '0', 'no']);

/** On or off: true/false, 1/0 or yes/no, in any case. */
export function flag(fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return fallback;
      const word = value.trim().toLowerCase();
      if (YES.has(word)) return true;
      if (NO.has(word)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false (1/0 and yes/no work too)' });
      return z.NEVER;
    });
}

/**
 * One of a few words, exactly as written (NODE_ENV is read by other libraries too, which compare it
 * exactly: "Production" would be production here and development to React).
 */
export function choice<const Values extends readonly [string, ...string[]]>(values: Values, fallback: Values[number]) {
  return z
    .string()
    .optional()
    .transform((value, ctx): Values[number] => {
      if (isBlank(value)) return fallback;
      const word = value.trim();
      if ((values as readonly string[]).includes(word)) return word as Values[number];
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}` });
      return z.NEVER;
    });
}

/** An absolute http:// or https:// address, or nothing. */
export function optionalHttpUrl(example: string) {
  return optionalText.pipe(z.url({ protocol: /^https?$/, error: `must be an http(s) address such as ${example}` }).optional());
}

/** A string matching a pattern, or nothing. */
export function optionalMatching(pattern: RegExp, message: string) {
  return optionalText.pipe(z.string().regex(pattern, message).optional());
}
