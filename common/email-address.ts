import { safeText } from './text.ts';
import { z } from './zod.ts';

/** The longest address the portal takes (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** An e-mail address as the portal knows people: trimmed, lower case, one person's. */
export const emailAddressField = (label: string) =>
  safeText(z.string({ error: `${label} is required` }), label)
    .trim()
    .toLowerCase()
    .min(1, { error: `${label} is required`, abort: true })
    .max(MAX_EMAIL_LENGTH, { error: `${label} is too long`, abort: true })
    .pipe(z.email('Enter a valid e-mail address'));
