/**
 * Whether an uploaded SVG may be drawn (docs/decisions/075-logo-and-favicon.md). SVG files are never
 * served: sharp (librsvg) rasterises them at upload. This check still refuses, with a reason the
 * owner can act on, anything that could make the renderer reach outside the file (a link to
 * another file or site, an entity that reads a local path or expands a billion times) or that
 * would be active content if the file were ever opened as it is (scripts, event handlers, embedded
 * HTML). A logo made in Illustrator, Figma or Inkscape has none of these.
 */

import { MAX_SVG_BYTES, MAX_SVG_ELEMENTS } from '#common/site-content/image-upload.ts';

export type SvgCheck = { ok: true } | { ok: false; reason: string };

const REFUSALS: { pattern: RegExp; reason: string }[] = [
  // A plain DOCTYPE (Illustrator writes one) is harmless; an internal subset declares entities.
  { pattern: /<!ENTITY|<!DOCTYPE[^>]*\[/i, reason: 'it declares entities' },
  { pattern: /<(?:[\w-]+:)?script[\s>/]/i, reason: 'it holds a script' },
  { pattern: /\son[a-z]+\s*=/i, reason: 'it holds a script (an event handler)' },
  { pattern: /<(?:[\w-]+:)?(?:foreignObject|iframe|embed|object|html|body)[\s>/]/i, reason: 'it embeds HTML (foreignObject)' },
  { pattern: /javascript:/i, reason: 'it holds a script (a javascript: link)' },
  { pattern: /@import/i, reason: 'its styles load another file' },
];

/** A reference inside the file: `#id` or an embedded picture (data:image/png, jpeg, webp, gif) is fine; anything else leaves the file. */
const INTERNAL_REFERENCE = /^(?:#|data:image\/(?:png|jpeg|webp|gif);)/i;
const HREF = /\b(?:xlink:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*))\s*\)/gi;

function externalReference(text: string): string | null {
  for (const pattern of [HREF, CSS_URL]) {
    for (const match of text.matchAll(pattern)) {
      const target = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      if (!INTERNAL_REFERENCE.test(target)) return target;
    }
  }
  return null;
}

export function checkSvg(bytes: Buffer): SvgCheck {
  const text = bytes.toString('utf8');
  for (const { pattern, reason } of REFUSALS) {
    if (pattern.test(text)) return { ok: false, reason };
  }
  const external = externalReference(text);
  if (external !== null) return { ok: false, reason: `it refers to another file (${external.slice(0, 60) || 'an empty link'})` };
  return { ok: true };
}

/** A UTF-8 byte order mark, then XML's white space: what may come before an SVG's first `<`. */
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const XML_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const LESS_THAN = 0x3c;

/**
 * Whether the bytes are markup the SVG reader (librsvg) would parse: a `<` after an optional UTF-8
 * byte order mark and white space. Every other accepted format begins with binary magic bytes, and
 * librsvg gives up on anything else at its first byte, so only these need the checks below before
 * sharp is handed them.
 */
export function isMarkup(bytes: Buffer): boolean {
  let at = UTF8_BOM.every((byte, offset) => bytes[offset] === byte) ? UTF8_BOM.length : 0;
  while (at < bytes.length && XML_SPACE.has(bytes[at]!)) at += 1;
  return bytes[at] === LESS_THAN;
}

/** gzip's magic bytes: librsvg inflates a compressed SVG (SVGZ) itself, past every check of the text. */
export function isCompressed(bytes: Buffer): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** A name's first character in a start tag (`<g`, `<svg:path`, `<_x`): not `</`, `<!--` or `<?`. */
const isNameStart = (byte: number | undefined) =>
  byte !== undefined && ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f || byte === 0x3a);

export type SvgSize = { ok: true } | { ok: false; limit: 'bytes' | 'elements' };

/**
 * Whether an SVG is small enough to be parsed at all: its bytes, then its elements, counted by a scan
 * for start tags (one pass, bounded by the byte limit). The parser keeps every element of the file
 * in memory and the drawing visits each: eight megabytes of elements took more than a gigabyte.
 */
export function checkSvgSize(bytes: Buffer): SvgSize {
  if (bytes.length > MAX_SVG_BYTES) return { ok: false, limit: 'bytes' };
  let elements = 0;
  for (let at = bytes.indexOf(LESS_THAN); at !== -1; at = bytes.indexOf(LESS_THAN, at + 1)) {
    if (isNameStart(bytes[at + 1]) && ++elements > MAX_SVG_ELEMENTS) return { ok: false, limit: 'elements' };
  }
  return { ok: true };
}
