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
    expect(burst.map((r) => r.hit)).toEqual([false, false, false]);
    expect((await cache.getOrProduce('/', produce)).hit).toBe(true);
    expect(cache.get('/')?.tag).toBe('home');
  });

  it('keeps nothing made across a clear, and a request after the clear renders anew', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10 });
    const before = deferred();
    const first = cache.getOrProduce('/', () => before.promise);
    cache.clear();
    const second = cache.getOrProduce('/', async () => ({ stored: answer('new'), keep: true }));
    before.resolve({ stored: answer('old'), keep: true });
    expect((await first).stored.tag).toBe('old');
    expect((await second).stored.tag).toBe('new');
    expect(cache.get('/')?.tag).toBe('new');
  });

  it('does not keep answers marked to be made again, nor failed renderings', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 10 });
    await cache.getOrProduce('/down', async () => ({ stored: answer('503'), keep: false }));
    expect(cache.get('/down')).toBeUndefined();
    await expect(cache.getOrProduce('/x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.getOrProduce('/x', async () => ({ stored: answer('ok'), keep: true }))).stored.tag).toBe('ok');
  });

  it('drops the oldest entry beyond its size and any entry past its age', async () => {
    const cache = new PublicCache({ maxAgeMs: 60_000, maxEntries: 2 });
    for (const key of ['/a', '/b', '/c']) await cache.getOrProduce(key, async () => ({ stored: answer(key), keep: true }));
    expect(cache.size).toBe(2);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/c', Date.now() + 50_000)?.tag).toBe('/c');
    expect(cache.get('/c', Date.now() + 70_000)).toBeUndefined();
  });
});
