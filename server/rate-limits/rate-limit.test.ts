import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import {
  hitRateLimit,
  peekRateLimit,
  pruneRateLimits,
  refundRateLimit,
  resetRateLimit,
  resetRateLimitsStartingWith,
} from './rate-limit.ts';

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

  it('counts concurrent hits one by one: each gets its own count, and only `limit` of them are allowed', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit(services.db, rule('concurrent'))));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('with lockMs, the hit that reaches the limit locks for the full lock time from then', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const lockRule = { key: 'lock', limit: 3, windowMs: 60_000, lockMs: 600_000 };
    await hitRateLimit(services.db, lockRule, start);
    await hitRateLimit(services.db, lockRule, new Date(start.getTime() + 50_000));
    const third = await hitRateLimit(services.db, lockRule, new Date(start.getTime() + 55_000));
    expect(third).toMatchObject({ allowed: true, count: 3, retryAfterSeconds: 600 });
    const fourth = await hitRateLimit(services.db, lockRule, new Date(start.getTime() + 120_000));
    expect(fourth).toMatchObject({ allowed: false, count: 4, retryAfterSeconds: 535 });
  });

  it('refunds a hit (never below zero) and resets every bucket under a prefix, taken literally', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 3; i += 1) await hitRateLimit(services.db, rule('refund'), now);
    await refundRateLimit(services.db, 'refund');
    expect((await hitRateLimit(services.db, rule('refund'), now)).count).toBe(3);
    for (const key of ['p:a_b:1', 'p:a_b:2', 'p:axb:1']) await hitRateLimit(services.db, rule(key), now);
    await resetRateLimitsStartingWith(services.db, 'p:a_b:');
    const left = await services.db.selectFrom('rateLimits').select('key').where('key', 'like', 'p:%').execute();
    expect(left.map((row) => row.key)).toEqual(['p:axb:1']);
  });
});
