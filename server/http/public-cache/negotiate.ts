import type { Encoding } from './stored-response.ts';

/** The q-value the client gives a coding (RFC 9110 12.5.3): explicit, else `*`'s, else none (-1). */
function qualityOf(acceptEncoding: string, coding: string): number {
  let wildcard = -1;
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...params] = item.split(';');
    const token = name.trim().toLowerCase();
    if (token !== coding && token !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const quality = Number.isFinite(value) ? value : 0;
    if (token === coding) return quality;
    wildcard = quality;
  }
  return wildcard;
}

/**
 * Brotli when the client takes it, else gzip, else the plain bytes; a coding refused with q=0 is never
 * sent. `available` says which compressed forms exist (the bytes themselves, or just whether).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: Readonly<Record<'br' | 'gzip', unknown>>): Encoding {
  if (!acceptEncoding) return 'identity';
  if (available.br && qualityOf(acceptEncoding, 'br') > 0) return 'br';
  if (available.gzip && qualityOf(acceptEncoding, 'gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` is ignored, `*` matches anything.
 * Any coding's tag of the same bytes matches, so a browser that switched encodings still gets a 304.
 */
export function matchesStoredTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(',')) {
    const candidate = raw.trim().replace(/^W\//, '');
    if (candidate === '*') return true;
    const opaque = candidate.replace(/^"|"$/g, '');
    if (opaque === tag || opaque === `${tag}-br` || opaque === `${tag}-gzip`) return true;
  }
  return false;
}
