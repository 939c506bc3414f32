import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { hitRateLimit, peekRateLimit, pruneRateLimits, resetRateLimit } from './rate-limit.ts';

describe.each(testDialects())('database rate limit on %s', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(async () => {
    await services.cleanup();
  });

  const rule = (key: string) => ({ key, limit: 3, windowMs: 60_000 });

  it('allows up to the limit in a window, then refuses with the seconds left', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await hitRateLimit(services.db, rule('a'), now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ count: 4, retryAfterSeconds: 60 });
    const later = new Date(now.getTime() + 30_000);
    expect((await peekRateLimit(services.db, rule('a'), later)).retryAfterSeconds).toBe(30);
  });

  it('starts a new window once the old one has passed', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 4; i += 1) await hitRateLimit(services.db, rule('b'), now);
    const next = await hitRateLimit(services.db, rule('b'), new Date(now.getTime() + 61_000));
    expect(next).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps buckets apart, can be reset and pruned', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 4; i += 1) await hitRateLimit(services.db, rule('c'), now);
    expect((await hitRateLimit(services.db, rule('d'), now)).allowed).toBe(true);
    expect((await peekRateLimit(services.db, rule('c'), now)).allowed).toBe(false);
    await resetRateLimit(services.db, 'c');
    expect((await peekRateLimit(services.db, rule('c'), now)).allowed).toBe(true);
    await pruneRateLimits(services.db, new Date(now.getTime() + 120_000));
    expect(await services.db.selectFrom('rateLimits').selectAll().where('key', '=', 'd').execute()).toEqual([]);
  });
});
