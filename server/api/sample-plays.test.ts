import { sql } from 'kysely';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSample, SamplePlayCount } from '#common/samples.ts';
import { createApp } from '#server/app.ts';
import { PLAY_RATE_WINDOW_MS } from '#server/samples/sample-plays.ts';
import { uploadAudio } from '#server/test-support/test-audio.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())('play counts on %s', (dialect) => {
  let t: TestApp;
  let visitor: ReturnType<typeof supertest>;
  let closeVisitor: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true });
    const built = await createApp(t.services);
    visitor = supertest(built.app);
    closeVisitor = built.close;
  });
  afterAll(async () => {
    await closeVisitor();
    await t.close();
  });

  const newSample = async (title = 'Played') => {
    const res = await t.request.post('/api/samples').send({ title, audioUrl: await uploadAudio(t) });
    // Its waveform is measured in the background, and that change is announced: let it land first.
    await t.services.samples.sampleAnalysis.idle();
    return (res.body as PublicSample).id;
  };
  const countsOf = async (id: number): Promise<Omit<SamplePlayCount, 'sampleId'>> => {
    const res = await t.request.get('/api/samples/plays');
    expect(res.status).toBe(200);
    const row = (res.body as SamplePlayCount[]).find((item) => item.sampleId === id);
    return { total: row?.total ?? 0, recent: row?.recent ?? 0 };
  };
  const beacon = (id: number | string, userAgent: string | null = BROWSER) => {
    const req = visitor.post(`/api/samples/${id}/plays`);
    return userAgent === null ? req : req.set('User-Agent', userAgent);
  };

  it('counts a visitor’s play once, answers 204 without a cookie, and leaves the page cache alone', async () => {
    const id = await newSample();
    let published = 0;
    const stop = t.services.invalidation.subscribe(() => {
      published += 1;
    });
    const res = await beacon(id);
    stop();
    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(published).toBe(0);
    expect(await countsOf(id)).toEqual({ total: 1, recent: 1 });
  });

  it('ignores a burst from one client: one play per sample per window', async () => {
    const id = await newSample();
    const other = await newSample('Other');
    for (let i = 0; i < 5; i++) expect((await beacon(id)).status).toBe(204);
    expect(await countsOf(id)).toEqual({ total: 1, recent: 1 });
    // The window is per sample: the same client playing another sample counts.
    await beacon(other);
    expect(await countsOf(other)).toEqual({ total: 1, recent: 1 });
    // Another client, and the same client once the window is over, count again.
    const { samplePlays } = t.services.samples;
    expect(await samplePlays.record(id, '198.51.100.7')).toEqual({ kind: 'counted' });
    expect(await samplePlays.record(id, '198.51.100.7')).toEqual({ kind: 'rate-limited' });
    expect(await samplePlays.record(id, '198.51.100.7', new Date(Date.now() + PLAY_RATE_WINDOW_MS + 1000))).toEqual({ kind: 'counted' });
    expect((await countsOf(id)).total).toBe(3);
  });

  it('does not count bots, requests without a user agent, or the signed-in admin', async () => {
    const id = await newSample();
    expect((await beacon(id, GOOGLEBOT)).status).toBe(204);
    expect((await beacon(id, null)).status).toBe(204);
    expect((await t.request.post(`/api/samples/${id}/plays`).set('User-Agent', BROWSER)).status).toBe(204);
    expect(await countsOf(id)).toEqual({ total: 0, recent: 0 });
  });

  it('answers 204 for samples that do not exist or are in the trash, counting nothing; 404 for a malformed id', async () => {
    const id = await newSample();
    await t.request.post(`/api/samples/${id}/trash`);
    expect((await beacon(id)).status).toBe(204);
    expect((await beacon(999999)).status).toBe(204);
    expect((await beacon('abc')).status).toBe(404);
    expect(await countsOf(id)).toEqual({ total: 0, recent: 0 });
    const rows = await t.services.db.selectFrom('rateLimits').select('key').where('key', 'like', 'play:999999:%').execute();
    expect(rows).toEqual([]);
  });

  it('keeps daily counts: the recent figure covers the last 30 days only', async () => {
    const id = await newSample();
    const { samplePlays } = t.services.samples;
    const now = Date.now();
    await samplePlays.record(id, '203.0.113.1', new Date(now - 45 * DAY_MS));
    await samplePlays.record(id, '203.0.113.1', new Date(now - 29 * DAY_MS));
    await samplePlays.record(id, '203.0.113.2', new Date(now));
    await samplePlays.record(id, '203.0.113.3', new Date(now));
    expect(await countsOf(id)).toEqual({ total: 4, recent: 3 });
    const rows = await t.services.db.selectFrom('samplePlaysDaily').selectAll().where('sampleId', '=', id).orderBy('day').execute();
    expect(rows.map((row) => row.count)).toEqual([1, 1, 2]);
  });

  it('stores no address or user agent: the table holds sample, day and count, the limit a keyed hash', async () => {
    const id = await newSample();
    await samplePlaysFrom(id, '192.0.2.55');
    const plain = t.services.db.withoutPlugins();
    const { rows } = await sql<Record<string, unknown>>`select * from sample_plays_daily where sample_id = ${id}`.execute(plain);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(['count', 'day', 'sample_id']);
    const limits = await t.services.db.selectFrom('rateLimits').select('key').where('key', 'like', `play:${id}:%`).execute();
    expect(limits).toHaveLength(1);
    expect(limits[0].key).not.toContain('192.0.2.55');
    expect(limits[0].key).toMatch(new RegExp(`^play:${id}:[A-Za-z0-9_-]{22}$`));
    const everything = JSON.stringify(await sql`select * from rate_limits`.execute(plain));
    expect(everything).not.toContain('192.0.2.55');
    expect(everything).not.toContain('Chrome');
  });

  const samplePlaysFrom = (id: number, address: string) => t.services.samples.samplePlays.record(id, address);

  it('refuses the counts to visitors', async () => {
    expect((await visitor.get('/api/samples/plays')).status).toBe(401);
  });
});
