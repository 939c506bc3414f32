import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { PUBLIC_CACHE_CONTROL, sharedCacheControl } from './cache-policy.ts';
import { endingWithTheBar } from './page-validity.ts';
import { PublicCache } from './public-cache.ts';
import type { StoredResponse } from './stored-response.ts';

const answer = (text: string): StoredResponse => ({
  status: 200,
  headers: [['Cache-Control', PUBLIC_CACHE_CONTROL]],
  tag: text,
  bodies: { identity: Buffer.from(text), gzip: null, br: null },
});

/** A site whose bar shows from `from` to `to` (New York days). */
function siteWithBar(from: string, to: string) {
  const content = defaultSiteContent();
  content.announcement = { text: 'Holiday week', link: '', from, to };
  return { site: { siteContent: { current: async () => content } } } as unknown as Parameters<typeof endingWithTheBar>[0];
}

describe('a stored page that shows the announcement bar', () => {
  it('is never served past the bar’s next day, not even stale, and the next request renders it again', async () => {
    let now = Date.parse('2026-12-26T20:00:00Z');
    const site = siteWithBar('2026-12-20', '2026-12-26');
    const produceWith = (p: Parameters<typeof endingWithTheBar>[1]) => endingWithTheBar(site, p);
    const cache = new PublicCache({ maxAgeMs: 24 * 60 * 60_000, maxEntries: 10, now: () => now, produceWith });
    let renders = 0;
    const produce = async () => ({ stored: answer(`home ${(renders += 1)}`), keep: true });
    // The bar ends at midnight in New York: 05:00 UTC on the 27th.
    const realNow = Date.now;
    Date.now = () => now;
    try {
      expect((await cache.getOrProduce('/', produce)).freshness).toBe('miss');
      now = Date.parse('2026-12-27T04:59:59Z');
      expect((await cache.getOrProduce('/', produce)).freshness).toBe('hit');
      now = Date.parse('2026-12-27T05:00:00Z');
      expect(cache.lookup('/')).toBeUndefined();
      const after = await cache.getOrProduce('/', produce);
      expect(after.freshness).toBe('miss');
      expect(renders).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it('tells a CDN to keep it no longer than the seconds left, and says nothing new far from the day', () => {
    const now = Date.parse('2026-12-27T04:59:30Z');
    expect(sharedCacheControl(Date.parse('2026-12-27T05:00:00Z'), now)).toBe('public, max-age=0, s-maxage=30');
    expect(sharedCacheControl(Date.parse('2026-12-28T05:00:00Z'), now)).toBe(PUBLIC_CACHE_CONTROL);
    expect(sharedCacheControl(undefined, now)).toBe(PUBLIC_CACHE_CONTROL);
  });
});
