import type { z } from './zod.ts';

/*
 * Text a person typed never holds control characters. PostgreSQL refuses NUL in text columns (the
 * request would fail with a 500), and the others (bell, escape, backspace...) only serve to hide or
 * garble what an admin reads or what lands in a log. Lone UTF-16 surrogates cannot be stored as
 * UTF-8 at all. Tab, newline and carriage return stay allowed where text may span lines.
 */
// Matching control characters is the point of these patterns.
/* eslint-disable no-control-regex */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MULTI_LINE_FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/* eslint-enable no-control-regex */

export interface SafeTextOptions {
  /** Allows tab, newline and carriage return (a message, a description). */
  multiline?: boolean;
}

/** True when the text holds nothing but characters a person can type (see above). */
function isSafeText(value: string, { multiline = false }: SafeTextOptions = {}): boolean {
  return !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

const unsafeTextMessage = (label: string) => `${label} must not contain control characters`;

/**
 * The one rule for every text field of the shared schemas: `safeText(z.string()..., 'Name')`. It
 * aborts, so the field shows this message rather than a length rule's.
 */
export function safeText<Schema extends z.ZodString>(schema: Schema, label: string, options: SafeTextOptions = {}): Schema {
  return schema.refine((value) => isSafeText(value, options), { error: unsafeTextMessage(label), abort: true });
}
