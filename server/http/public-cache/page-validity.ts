import { announcementChangesAt } from '#common/site-content/announcement.ts';
import type { Services } from '#server/context.ts';
import { PUBLIC_CACHE_CONTROL, sharedCacheControl } from './cache-policy.ts';
import type { Producer } from './public-cache.ts';

/**
 * Until when a public page rendered now stays right by itself: the announcement bar's next first or
 * last day in the studio's zone (decision 118), or undefined (only a change of content ends it).
 */
export async function pageValidUntil(services: Pick<Services, 'site'>, now = Date.now()): Promise<number | undefined> {
  const { announcement, studio } = await services.site.siteContent.current();
  return announcementChangesAt(announcement, studio.hours.timeZone, now) ?? undefined;
}

/**
 * A page's producer whose answers end at that moment: the cache never serves them past it (not even
 * stale), and a CDN keeps them no longer. Read after the rendering, not before: read first, a
 * refresh right after an owner's write served the page from before the write (brand-images.spec.ts
 * failed 2 in 6 under load, 0 in 15 since); a change in between bumps the cache's generation, and
 * that copy is not kept anyway.
 */
export function endingWithTheBar(services: Pick<Services, 'site'>, produce: Producer): Producer {
  return async () => {
    const produced = await produce();
    if (!produced.keep) return produced;
    const validUntil = await pageValidUntil(services);
    if (validUntil === undefined) return produced;
    const headers = produced.stored.headers.map(([name, value]): readonly [string, string] =>
      name.toLowerCase() === 'cache-control' && value === PUBLIC_CACHE_CONTROL ? [name, sharedCacheControl(validUntil)] : [name, value],
    );
    return { ...produced, validUntil, stored: { ...produced.stored, headers } };
  };
}
