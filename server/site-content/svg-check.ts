/**
 * Whether an uploaded SVG may be drawn (docs/decisions/075-logo-and-favicon.md). SVG files are never
 * served: sharp (librsvg) rasterises them at upload. This check still refuses, with a reason the
 * owner can act on, anything that could make the renderer reach outside the file (a link to
 * another file or site, an entity that reads a local path or expands a billion times) or that
 * would be active content if the file were ever opened as it is (scripts, event handlers, embedded
 * HTML). A logo made in Illustrator, Figma or Inkscape has none of these.
 */

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
