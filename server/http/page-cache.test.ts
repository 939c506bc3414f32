import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

const page = (body: string) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as Array<[string, string]>,
  body,
  noncePlaceholder: 'n',
  formTokenPlaceholder: 't',
});

describe('PageCache', () => {
  it('serves an entry until its time is up', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('/', page('home'), { now: 0 });
    expect(cache.get('/', 999)?.body).toBe('home');
    expect(cache.get('/', 1000)).toBeUndefined();
  });

  it('drops the oldest entry beyond its size limit', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('/a', page('a'), { now: 0 });
    cache.set('/b', page('b'), { now: 0 });
    cache.set('/c', page('c'), { now: 0 });
    expect(cache.get('/a', 1)).toBeUndefined();
    expect(cache.get('/c', 1)?.body).toBe('c');
    expect(cache.size).toBe(2);
  });

  it('empties on clear', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('/a', page('a'), { now: 0 });
    cache.clear();
    expect(cache.get('/a', 1)).toBeUndefined();
  });
});
