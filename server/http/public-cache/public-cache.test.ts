import { describe, expect, it } from 'vitest';
import { PublicCache, type Produced } from './public-cache.ts';
import type { StoredResponse } from './stored-response.ts';

const answer = (text: string): StoredResponse => ({
  status: 200,
  headers: [],
  tag: text,
  bodies: { identity: Buffer.from(text), gzip: null, br: null },
});

function deferred() {
  let resolve!: (value: Produced) => void;
  const promise = new Promise<Produced>((r) => (resolve = r));
  return { promise, resolve };
}

/** A producer whose renderings the test finishes one at a time, counting how many were started. */
function controlledProducer() {
  const pending: Array<ReturnType<typeof deferred>> = [];
  return {
    pending,
    produce: () => {
      const rendering = deferred();
      pending.push(rendering);
      return rendering.promise;
    },
    finish: (text: string, keep = true) => pending.at(-1)!.resolve({ stored: answer(text), keep }),
  };
}

const stored = async (cache: PublicCache, key: string, text: string) =>
  cache.getOrProduce(key, async () => ({ stored: answer(text), keep: true }));

describe('PublicCache', () => {
  it('renders once for a burst of requests, then serves the stored answer', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10 });
    let renders = 0;
    const produce = async () => {
      renders += 1;
      return { stored: answer('home'), keep: true };
    };
    const burst = await Promise.all([1, 2, 3].map(() => cache.getOrProduce('/', produce)));
    expect(renders).toBe(1);
    expect(burst.map((r) => r.freshness)).toEqual(['miss', 'miss', 'miss']);
    expect((await cache.getOrProduce('/', produce)).freshness).toBe('hit');
    expect(cache.lookup('/')?.stored.tag).toBe('home');
  });

  it('keeps nothing made across a change, and a request after the change renders anew', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const before = deferred();
    const first = cache.getOrProduce('/', () => before.promise);
    const changed = cache.changed();
    const second = cache.getOrProduce('/', async () => ({ stored: answer('new'), keep: true }));
    before.resolve({ stored: answer('old'), keep: true });
    expect((await first).stored.tag).toBe('old');
    expect((await second).stored.tag).toBe('new');
    await changed;
    expect(cache.lookup('/')?.stored.tag).toBe('new');
  });

  it('after a change, serves the old copy while exactly one refresh runs, and answers the writer once it is done', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const page = controlledProducer();
    const first = cache.getOrProduce('/', page.produce);
    page.finish('v1');
    await first;

    let writerAnswered = false;
    const changed = cache.changed().then(() => (writerAnswered = true));
    await Promise.resolve();
    const during = await Promise.all([1, 2, 3].map(() => cache.getOrProduce('/', page.produce)));
    expect(during.map((r) => [r.freshness, r.stored.tag])).toEqual([
      ['stale', 'v1'],
      ['stale', 'v1'],
      ['stale', 'v1'],
    ]);
    expect(page.pending).toHaveLength(2);
    expect(writerAnswered).toBe(false);

    page.finish('v2');
    await changed;
    expect(cache.lookup('/')).toMatchObject({ freshness: 'hit', stored: { tag: 'v2' } });
    expect(page.pending).toHaveLength(2);
  });

  it('makes a page again when a second change comes while its refresh runs: the older rendering is not kept', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const page = controlledProducer();
    const first = cache.getOrProduce('/', page.produce);
    page.finish('v1');
    await first;
    const one = cache.changed();
    await Promise.resolve();
    const two = cache.changed();
    page.finish('v2 (made before the second change)');
    await expect.poll(() => page.pending.length).toBe(3);
    expect(cache.lookup('/')?.stored.tag).toBe('v1');
    page.finish('v3');
    await Promise.all([one, two]);
    expect(cache.lookup('/')).toMatchObject({ freshness: 'hit', stored: { tag: 'v3' } });
  });

  it('drops what is not current when the writer can wait no longer, so nobody gets the old copy after the write', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10, refreshWithinMs: 0 });
    const page = controlledProducer();
    const first = cache.getOrProduce('/', page.produce);
    page.finish('v1');
    await first;
    await cache.changed();
    expect(cache.lookup('/')).toBeUndefined();
    // The refresh that was late is not kept either: the next request renders the page itself.
    page.finish('late');
    await Promise.resolve();
    expect(cache.lookup('/')).toBeUndefined();
  });

  it('drops a page whose refresh fails or may not be kept', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const fails = controlledProducer();
    const home = cache.getOrProduce('/', fails.produce);
    fails.finish('v1');
    await home;
    await stored(cache, '/down', 'v1');
    const changed = cache.changed();
    await Promise.resolve();
    fails.pending.at(-1)!.resolve(Promise.reject(new Error('database away')) as never);
    await changed;
    expect(cache.lookup('/')).toBeUndefined();
    expect(cache.lookup('/down')).toMatchObject({ stored: { tag: 'v1' } });
  });

  it('after an expiry, serves the old copy for as long again while one refresh runs; older than that, nothing', async () => {
    let now = 0;
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10, now: () => now });
    const page = controlledProducer();
    const first = cache.getOrProduce('/', page.produce);
    page.finish('v1');
    await first;
    now = 70_000;
    expect(cache.lookup('/')).toMatchObject({ freshness: 'stale', stored: { tag: 'v1' } });
    expect(cache.lookup('/')).toMatchObject({ freshness: 'stale', stored: { tag: 'v1' } });
    expect(page.pending).toHaveLength(2);
    page.finish('v2');
    await expect.poll(() => cache.lookup('/')?.freshness).toBe('hit');
    expect(cache.lookup('/')?.stored.tag).toBe('v2');

    now += 130_000;
    expect(cache.lookup('/')).toBeUndefined();
  });

  it('does not keep answers marked to be made again, nor failed renderings', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10 });
    await cache.getOrProduce('/down', async () => ({ stored: answer('503'), keep: false }));
    expect(cache.lookup('/down')).toBeUndefined();
    await expect(cache.getOrProduce('/x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await stored(cache, '/x', 'ok')).stored.tag).toBe('ok');
  });

  it('drops the oldest entry beyond its size, and everything when changes may have gone unheard', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 2 });
    for (const key of ['/a', '/b', '/c']) await stored(cache, key, key);
    expect(cache.size).toBe(2);
    expect(cache.lookup('/a')).toBeUndefined();
    cache.clear();
    expect(cache.lookup('/c')).toBeUndefined();
  });
});
