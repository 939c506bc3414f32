import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;

/**
 * CSP sources (`'sha256-…'`) for every inline script of a rendered page, so the page needs no
 * per-response nonce and can be the same bytes for everyone. A script's text is taken exactly as it
 * appears in the HTML, which is what the browser hashes (script contents are never entity-decoded).
 * Data blocks (JSON-LD) are hashed too: an unneeded hash allows nothing that could run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (HAS_SRC.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
