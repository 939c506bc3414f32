import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db/unavailable-error.ts';
import { channelFor } from './db/invalidation-listener.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { startTcpRelay, type TcpRelay } from './test-support/tcp-relay.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const env = { CONTACT_RATE_LIMIT: '1000' };
/**
 * A public read that asks the database every time. (The full sample list is kept in memory between
 * changes, server/http/public-cache, so it keeps answering while the database is away.)
 */
const READS_DATABASE = '/api/samples/latest/6';
let sent = 0;

const contact = (t: TestApp) => {
  sent += 1;
  return t.request
    .post('/api/contact')
    .send({ name: 'Fault Test', email: `fault${sent}@example.com`, message: `Database fault test, message ${sent}: please mix my song.` });
};

/** A 503 a client can act on: JSON message and when to try again. */
function expectUnavailable(res: { status: number; headers: Record<string, string>; body: { message?: string } }) {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.body.message).toMatch(/cannot reach its database/);
}

/** Errors that reached no handler; with one, Node would otherwise have killed the process. */
function watchUncaught() {
  const uncaught: unknown[] = [];
  const listener = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', listener);
  return { uncaught, stop: () => process.off('uncaughtException', listener) };
}

describe('SQLite that cannot write (read-only file, WAL or disk)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers writes 503 with Retry-After, /readyz 503 and /healthz 200, and recovers without a restart', async () => {
    expect((await t.request.get('/readyz')).body).toEqual({ status: 'ok', database: 'writable', storage: 'ok' });
    // The same SQLITE_READONLY a read-only file or WAL gives (the tests run as root, who may write anything).
    await sql`PRAGMA query_only = ON`.execute(t.services.db);
    try {
      expectUnavailable(await contact(t));
      const ready = await t.request.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.body).toEqual({ status: 'error', database: 'not writable', storage: 'ok' });
      expect((await t.request.get('/healthz')).status).toBe(200);
      expect((await t.request.get(READS_DATABASE)).status).toBe(200);
    } finally {
      await sql`PRAGMA query_only = OFF`.execute(t.services.db);
    }
    expect((await t.request.get('/readyz')).status).toBe(200);
    expect((await contact(t)).status).toBe(201);
  });

  it('answers writes 503 while the database is full (SQLite undoes the transaction itself), and recovers', async () => {
    const pages = await sql<{ pageCount: number }>`PRAGMA page_count`.execute(t.services.db);
    // No page beyond those in use: the next write that needs one fails with SQLITE_FULL, as on a full disk.
    await sql.raw(`PRAGMA max_page_count = ${pages.rows[0]!.pageCount}`).execute(t.services.db);
    const statuses = new Set<number>();
    try {
      for (let attempt = 0; attempt < 200 && !statuses.has(503); attempt += 1) {
        const res = await t.request
          .post('/api/contact')
          .send({ name: 'Fault Test', email: 'full@example.com', message: `A long message to fill the pages: ${'la '.repeat(500)}` });
        statuses.add(res.status);
        if (res.status !== 201) expectUnavailable(res);
      }
    } finally {
      await sql`PRAGMA max_page_count = 1073741823`.execute(t.services.db);
    }
    expect(statuses).toContain(503);
    expect((await contact(t)).status).toBe(201);
  });

  it('keeps the real error when SQLite has already undone the transaction (a full disk at commit)', async () => {
    const failure = await t.services.db
      .transaction()
      .execute(async (trx) => {
        // What SQLite does by itself when the commit's write to the WAL fails for lack of space.
        await sql`rollback`.execute(trx);
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'SQLITE_FULL' });
  });
});

describe.skipIf(!PG_URL)('PostgreSQL connections lost or slow', () => {
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp('postgres', { env, databaseTimeouts: { statementMs: 1000, queryMs: 3000 } });
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  /**
   * Holds an exclusive lock on this test file's `samples` table from outside the app, so a request
   * that reads samples waits with its connection checked out; answers that request's backend.
   */
  async function blockSamples() {
    const locker = new pg.Client({ connectionString: PG_URL });
    await locker.connect();
    await locker.query('begin');
    await locker.query(`lock table ${t.services.pgSchema}.samples in access exclusive mode`);
    const waitingBackend = async () => {
      for (;;) {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_locks where relation = $1::regclass and not granted and pid <> $2`,
          [`${t.services.pgSchema}.samples`, (locker as unknown as { processID: number }).processID],
        );
        if (rows[0]) return rows[0].pid;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { waitingBackend, release: () => locker.query('rollback').finally(() => locker.end()) };
  }

  it('a request whose connection is terminated gets 503 with Retry-After; the next ones succeed', async () => {
    const { uncaught, stop } = watchUncaught();
    const lock = await blockSamples();
    try {
      const pending = t.request.get(READS_DATABASE).then((res) => res);
      await admin.query('select pg_terminate_backend($1)', [await lock.waitingBackend()]);
      expectUnavailable(await pending);
    } finally {
      await lock.release();
      stop();
    }
    expect(uncaught).toEqual([]);
    expect((await t.request.get(READS_DATABASE)).status).toBe(200);
    const created = await contact(t);
    expect(created.status).toBe(201);
    expect(
      await t.services.db.selectFrom('contactSubmissions').select('id').where('id', '=', created.body.id).executeTakeFirst(),
    ).toBeTruthy();
  });

  it('a checked-out connection terminated between queries does not kill the process', async () => {
    const { uncaught, stop } = watchUncaught();
    try {
      const failure = await t.services.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // Terminated while idle: the client hears it as an 'error' event, with no query to fail.
        await expect
          .poll(async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [rows[0]!.pid])).rowCount)
          .toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return sql`select 1`.execute(connection).then(
          () => null,
          (error: unknown) => error,
        );
      });
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      stop();
    }
    expect(uncaught).toEqual([]);
    expect((await t.request.get(READS_DATABASE)).status).toBe(200);
  });

  it('a statement past the statement timeout answers 503 with Retry-After', async () => {
    const stored = await t.request.get('/api/samples');
    const lock = await blockSamples();
    try {
      expectUnavailable(await t.request.get(READS_DATABASE));
      // What was stored before keeps answering: the list needs no database until it changes.
      const meanwhile = await t.request.get('/api/samples');
      expect(meanwhile.status).toBe(200);
      expect(meanwhile.text).toBe(stored.text);
    } finally {
      await lock.release();
    }
    expect((await t.request.get(READS_DATABASE)).status).toBe(200);
  });

  it('the listener of other instances\u2019 changes survives its backend being terminated and listens again', async () => {
    const { uncaught, stop } = watchUncaught();
    try {
      await expect.poll(() => t.services.invalidation.listening).toBe(true);
      // The listener clears the caches when it loses its connection and again once listening anew.
      let cleared = 0;
      const unsubscribe = t.services.invalidation.subscribe(() => {
        cleared += 1;
      });
      const channel = channelFor(t.services.pgSchema!);
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
        channel,
      ]);
      expect(rowCount).toBe(1);
      await expect.poll(() => cleared >= 2 && t.services.invalidation.listening, { timeout: 5000 }).toBe(true);
      unsubscribe();
    } finally {
      stop();
    }
    expect(uncaught).toEqual([]);
  });
});

describe.skipIf(!PG_URL)('PostgreSQL unreachable (through a relay that can cut the path)', () => {
  let t: TestApp;
  let relay: TcpRelay;
  let uncaught: ReturnType<typeof watchUncaught>;
  beforeAll(async () => {
    relay = await startTcpRelay(PG_URL!);
    // createTestServices reads the address from the environment: this app reaches PostgreSQL through the relay.
    process.env.TEST_DATABASE_URL = relay.url;
    try {
      t = await createTestApp('postgres', {
        env,
        databaseTimeouts: { connectMs: 1000, statementMs: 500, queryMs: 800 },
        listenerTimings: { retryMs: 20, retryMaxMs: 200 },
      });
    } finally {
      process.env.TEST_DATABASE_URL = PG_URL;
    }
  });
  afterAll(async () => {
    relay.refusing = false;
    // Silenced connections would never hear the pool's goodbye.
    relay.reset();
    await t.close();
    await relay.close();
  });
  beforeEach(() => {
    uncaught = watchUncaught();
  });
  afterEach(() => {
    uncaught.stop();
    expect(uncaught.uncaught).toEqual([]);
  });

  it('answers 503 with Retry-After while PostgreSQL is down or refusing, and recovers without a restart', async () => {
    expect((await contact(t)).status).toBe(201);
    relay.refusing = true;
    relay.reset();
    expectUnavailable(await t.request.get(READS_DATABASE));
    expectUnavailable(await contact(t));
    expect((await t.request.get('/healthz')).status).toBe(503);
    expect((await t.request.get('/readyz')).status).toBe(503);
    relay.refusing = false;
    expect((await t.request.get(READS_DATABASE)).status).toBe(200);
    expect((await contact(t)).status).toBe(201);
    expect((await t.request.get('/readyz')).status).toBe(200);
  });

  it('during a partition a request fails with 503 after the query timeout, and the stuck connection is not reused', async () => {
    // Every pooled connection is warm, then the path goes silent (no reset: packets just vanish).
    await Promise.all([t.request.get(READS_DATABASE), t.request.get(READS_DATABASE), t.request.get(READS_DATABASE)]);
    const pooled = t.services.databasePool!().total;
    relay.silence();
    let failures = 0;
    for (;;) {
      const res = await t.request.get(READS_DATABASE);
      if (res.status === 200) break;
      expectUnavailable(res);
      failures += 1;
      // Each stuck connection may cost one request; kept in the pool, they would fail requests forever.
      expect(failures).toBeLessThanOrEqual(pooled);
    }
    expect((await contact(t)).status).toBe(201);
  });
});
