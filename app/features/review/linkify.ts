// Comments are plain text: nothing a person writes becomes markup. Only http(s) addresses become
// links, and only after the URL parser agrees they are one; everything else stays text.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that usually ends the sentence, not the address ("see https://x.test/a."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

function trimTrailing(candidate: string): string {
  let url = candidate.replace(TRAILING, '');
  // A closing parenthesis belongs to the address when it opened one ("…/Song_(demo)").
  const rest = candidate.slice(url.length);
  if (rest.startsWith(')') && (url.match(/\(/g)?.length ?? 0) > (url.match(/\)/g)?.length ?? 0)) url += ')';
  return url;
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits text into plain parts and http(s) links, in order; joined back, the parts are the text. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
