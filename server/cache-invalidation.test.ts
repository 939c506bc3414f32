import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './auth/admin-users.ts';
import { channelFor } from './db/invalidation-listener.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { testDialects } from './test-support/services.ts';

// Production page handling on a stand-in build (one page, `/`, listing the sample titles).
const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, 'test-support', 'page-build') } as const;
const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };

/** Signs the owner in (pages are cached for visitors only, so writes carry a session and reads do not). */
async function ownerCookie(t: TestApp): Promise<string> {
  if (!(await t.services.db.selectFrom('adminUsers').select('id').executeTakeFirst())) await createAdmin(t.services.db, OWNER);
  const res = await t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username: OWNER.username, password: OWNER.password });
  expect(res.status).toBe(200);
  return (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
}

async function addSample(t: TestApp, title: string): Promise<number> {
  const created = await t.services.samples.catalogue.create({ title, audioUrl: 'https://cdn.example.com/track.mp3' });
  if (created.kind !== 'saved') throw new Error(created.kind);
  return created.sample.id;
}

const rename = (t: TestApp, cookie: string, id: number, title: string) =>
  t.request
    .put(`/api/samples/${id}`)
    .set({ Cookie: cookie, Origin: ORIGIN })
    .send({ title, audioUrl: 'https://cdn.example.com/track.mp3' })
    .expect(200);

/** Requests `/` until it comes from the cache, and answers that cached copy. */
async function cachedHome(t: TestApp) {
  await t.request.get('/');
  const hit = await t.request.get('/');
  expect(hit.headers['x-page-cache']).toBe('hit');
  return hit;
}

/** Resolves at the next time the instance is told to clear its caches. */
const nextClear = (t: TestApp) =>
  new Promise<void>((resolve) => {
    const stop = t.services.invalidation.subscribe(() => {
      stop();
      resolve();
    });
  });

describe.each(testDialects())('page cache invalidation on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { pages });
    cookie = await ownerCookie(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a successful write makes the pages this instance cached again before it answers', async () => {
    const id = await addSample(t, 'Before the write');
    expect((await cachedHome(t)).text).toContain('<li>Before the write</li>');
    await rename(t, cookie, id, 'After the write');
    const next = await t.request.get('/');
    // Made again while the write was held: stored and current, neither the old copy nor a wait.
    expect(next.headers['x-page-cache']).toBe('hit');
    expect(next.text).toContain('<li>After the write</li>');
    expect(next.text).not.toContain('Before the write');
  });

  it('a refused write leaves the cache alone', async () => {
    await cachedHome(t);
    await t.request
      .put('/api/samples/999999')
      .set({ Cookie: cookie, Origin: ORIGIN })
      .send({ title: 'Nobody', audioUrl: 'https://cdn.example.com/x.mp3' })
      .expect(404);
    expect((await t.request.get('/')).headers['x-page-cache']).toBe('hit');
  });
});

/** Ends the listening connections of every instance on the schema, as a restart of PostgreSQL would. */
async function dropListeners(schema: string): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const sql = 'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1';
    return (await admin.query(sql, [channelFor(schema)])).rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL schema', () => {
  let a: TestApp;
  let b: TestApp;
  let cookie: string;
  beforeAll(async () => {
    a = await createTestApp('postgres', { pages, listenerTimings: { retryMs: 20, retryMaxMs: 100 } });
    b = await createTestApp('postgres', { pages, sameDatabaseAs: a.services, listenerTimings: { retryMs: 20, retryMaxMs: 100 } });
    cookie = await ownerCookie(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a write through one instance clears the page the other cached, by its next request', async () => {
    const id = await addSample(a, 'Old title');
    expect((await cachedHome(b)).text).toContain('<li>Old title</li>');
    await rename(a, cookie, id, 'New title');
    const next = await b.request.get('/');
    expect(next.headers['x-page-cache']).toBe('hit');
    expect(next.text).toContain('<li>New title</li>');
    expect(next.text).not.toContain('Old title');
  });

  it('after losing its listening connection an instance clears its caches and listens again', async () => {
    const id = await addSample(a, 'Before the drop');
    await cachedHome(b);
    const cleared = nextClear(b);
    expect(await dropListeners(b.services.pgSchema!)).toBe(2);
    await cleared;
    expect((await b.request.get('/')).headers['x-page-cache']).toBe('miss');
    await expect.poll(() => a.services.invalidation.listening && b.services.invalidation.listening).toBe(true);

    // Listening again: the next write elsewhere still reaches it.
    await cachedHome(b);
    await rename(a, cookie, id, 'After the drop');
    const next = await b.request.get('/');
    expect(next.headers['x-page-cache']).toBe('hit');
    expect(next.text).toContain('<li>After the drop</li>');
  });
});
