import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '#server/auth/admin-users.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';

// Production page handling on the stand-in build: `/` is a visitors' page, stored after its first render.
const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, '..', 'test-support', 'page-build') } as const;
const ORIGIN = 'http://localhost:3000';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BROWSER = { 'User-Agent': CHROME, 'Sec-Fetch-Dest': 'document', Accept: 'text/html' };
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };

describe.each(testDialects())('visitor statistics on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  const events = () => t.services.db.selectFrom('insightEvents').selectAll().orderBy('id').execute();
  const flush = () => t.services.insights.events.flush();

  beforeAll(async () => {
    t = await createTestApp(dialect, { pages });
    await createAdmin(t.services.db, OWNER);
    const login = await t.request
      .post('/api/admin/login')
      .set('Origin', ORIGIN)
      .send({ username: OWNER.username, password: OWNER.password });
    owner = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await flush();
    await t.services.db.deleteFrom('insightEvents').execute();
    await t.services.insights.settings.save({ counting: true, honourPrivacySignals: true });
  });

  it('counts a view of a visitors page, also when it comes from the page cache, with its source and campaign', async () => {
    await t.request
      .get('/?utm_campaign=winter')
      .set({ ...BROWSER, Referer: 'https://www.google.com/', 'Accept-Language': 'en-GB' })
      .expect(200);
    const again = await t.request
      .get('/')
      .set({ ...BROWSER, Referer: 'http://localhost:3000/about' })
      .expect(200);
    expect(again.headers['x-page-cache']).toBe('hit');
    await flush();
    const rows = await events();
    expect(
      rows.map((row) => [row.kind, row.path, row.source, row.referrerDomain, row.campaign, row.country, row.device, row.entry]),
    ).toEqual([
      ['view', '/', 'search', 'google.com', 'winter', 'GB', 'desktop', 1],
      ['view', '/', 'direct', null, null, null, 'desktop', 0],
    ]);
    // Nothing that names the person is stored: no address, no browser string, no query.
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|::1|Chrome|utm_/);
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[1]!.visitor).toBe(rows[0]!.visitor);
  });

  it('does not count bots, prefetches, HEADs, missing pages, API answers or the signed-in owner', async () => {
    await t.request.get('/').set({ ...BROWSER, 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await t.request.get('/').set({ ...BROWSER, 'Sec-Purpose': 'prefetch' });
    await t.request.head('/').set(BROWSER);
    await t.request.get('/no-such-page').set(BROWSER).expect(404);
    await t.request.get('/api/samples').set(BROWSER).expect(200);
    await t.request
      .get('/')
      .set({ ...BROWSER, Cookie: owner })
      .expect(200);
    await flush();
    expect(await events()).toEqual([]);
  });

  it('honours Do Not Track by default, and counts it once the owner chooses to', async () => {
    await t.request
      .get('/')
      .set({ ...BROWSER, DNT: '1' })
      .expect(200);
    await flush();
    expect(await events()).toHaveLength(0);
    await t.request
      .put('/api/admin/insights/settings')
      .set({ Cookie: owner, Origin: ORIGIN })
      .send({ counting: true, honourPrivacySignals: false })
      .expect(200, { counting: true, honourPrivacySignals: false });
    await t.request
      .get('/')
      .set({ ...BROWSER, 'Sec-GPC': '1' })
      .expect(200);
    await flush();
    expect(await events()).toHaveLength(1);
  });

  it('stores nothing while counting is off, including what was waiting when it was turned off', async () => {
    await t.request.get('/').set(BROWSER).expect(200);
    await t.request
      .put('/api/admin/insights/settings')
      .set({ Cookie: owner, Origin: ORIGIN })
      .send({ counting: false, honourPrivacySignals: true })
      .expect(200);
    await t.request
      .post('/api/beacon')
      .set({ 'User-Agent': CHROME, Origin: ORIGIN, 'Content-Type': 'text/plain' })
      .send('{"event":"outbound","path":"/","target":"open.spotify.com"}')
      .expect(204);
    await flush();
    expect(await events()).toEqual([]);
  });

  it('takes beacons as text or JSON, answers 204 to anything, and counts only the well-formed', async () => {
    const send = (body: string, type = 'text/plain') =>
      t.request.post('/api/beacon').set({ 'User-Agent': CHROME, Origin: ORIGIN, 'Content-Type': type }).send(body).expect(204);
    await send('{"event":"outbound","path":"/contact","target":"open.spotify.com"}');
    await send('{"event":"embed","path":"/samples","target":"youtube.com"}', 'application/json');
    await send('not json');
    await send('{"event":"view","path":"/"}');
    await send(JSON.stringify({ event: 'outbound', path: '/', target: 'x'.repeat(2_100) }));
    await t.request.get('/api/beacon').expect(405);
    await flush();
    expect((await events()).map((row) => [row.kind, row.path, row.target])).toEqual([
      ['outbound', '/contact', 'open.spotify.com'],
      ['embed', '/samples', 'youtube.com'],
    ]);
  });

  it('counts a sample played for 30 seconds as a play of that sample on the page it was played from', async () => {
    const sample = await t.request
      .post('/api/samples')
      .set({ Cookie: owner, Origin: ORIGIN })
      .send({ title: 'Counted', audioUrl: 'https://cdn.example.com/a.mp3' })
      .expect(201);
    await t.request
      .post(`/api/samples/${sample.body.id}/plays`)
      .set({ 'User-Agent': CHROME, Origin: ORIGIN, Referer: `${ORIGIN}/samples?x=1` })
      .expect(204);
    await flush();
    expect((await events()).map((row) => [row.kind, row.path, row.target])).toEqual([['play', '/samples', String(sample.body.id)]]);
  });

  it('gives 50 visitors a day for 1,000 views over two days, joins no visitor across days, and rolls up to the same numbers', async () => {
    const dayOne = new Date('2026-11-30T10:00:00Z');
    const dayTwo = new Date('2026-12-01T10:00:00Z');
    for (const at of [dayOne, dayTwo]) {
      for (let view = 0; view < 500; view += 1) {
        t.services.insights.events.observe({
          kind: 'view',
          path: view % 2 ? '/samples' : '/',
          target: null,
          headers: { 'user-agent': CHROME, 'accept-language': 'en-US' },
          address: `203.0.113.${view % 50}`,
          query: new URLSearchParams(),
          at: new Date(at.getTime() + view * 1000),
        });
        // A batch takes at most 30 events from one address: write as a busy site would, batch by batch.
        if (view % 50 === 49) await flush();
      }
    }
    await flush();
    const rows = await events();
    expect(rows).toHaveLength(1_000);
    const idsOf = (day: string) => new Set(rows.filter((row) => row.day === day).map((row) => row.visitor));
    expect(idsOf('2026-11-30').size).toBe(50);
    expect(idsOf('2026-12-01').size).toBe(50);
    expect([...idsOf('2026-11-30')].filter((id) => idsOf('2026-12-01').has(id))).toEqual([]);

    const ask = () =>
      t.request
        .get('/api/admin/insights?from=2026-11-30&to=2026-12-01&interval=day')
        .set('Cookie', owner)
        .expect(200)
        .then((res) => res.body as Record<string, unknown>);
    const fromEvents = await ask();
    expect(fromEvents).toMatchObject({
      visitors: 100,
      views: 1_000,
      series: [
        { start: '2026-11-30', visitors: 50, views: 500 },
        { start: '2026-12-01', visitors: 50, views: 500 },
      ],
      pages: [
        { value: '/', views: 500, visitors: 50 },
        { value: '/samples', views: 500, visitors: 50 },
      ],
      countries: [{ value: 'US', views: 1_000, visitors: 100 }],
    });

    // The next day's roll-up: the totals stay, the salts of finished days are forgotten.
    expect(await t.services.insights.tidy(new Date('2026-12-02T01:00:00Z'))).toEqual(['2026-11-30', '2026-12-01']);
    expect(await t.services.insights.tidy(new Date('2026-12-02T02:00:00Z'))).toEqual([]);
    expect(await ask()).toEqual(fromEvents);
    const salts = await t.services.db.selectFrom('insightSalts').select('day').execute();
    expect(salts.filter((salt) => salt.day < '2026-12-02')).toEqual([]);
    const weekly = await t.request.get('/api/admin/insights?from=2026-11-30&to=2026-12-01&interval=week').set('Cookie', owner).expect(200);
    expect(weekly.body.series).toEqual([{ start: '2026-11-30', visitors: 100, views: 1_000 }]);
  });

  it('is the owner’s: others are refused, a wrong range is a 400', async () => {
    await t.request.get('/api/admin/insights?from=2026-11-01&to=2026-11-30').expect(401);
    await t.request
      .put('/api/admin/insights/settings')
      .set({ Origin: ORIGIN })
      .send({ counting: false, honourPrivacySignals: true })
      .expect(401);
    const wrong = await t.request.get('/api/admin/insights?from=2026-12-01&to=2026-11-01').set('Cookie', owner).expect(400);
    expect(wrong.body.message).toBe('Invalid range');
    await t.request.get('/api/admin/insights?from=yesterday&to=2026-11-01').set('Cookie', owner).expect(400);
    await t.request.put('/api/admin/insights/settings').set({ Cookie: owner, Origin: ORIGIN }).send({ counting: 'yes' }).expect(400);
  });
});
