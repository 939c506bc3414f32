import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestServices } from '#server/test-support/services.ts';
import { startTcpRelay, type TcpRelay } from '#server/test-support/tcp-relay.ts';
import { openInvalidationChannel, type InvalidationChannel } from './invalidation-channel.ts';
import { channelFor } from './invalidation-listener.ts';

const logger = pino({ level: 'silent' });
const FAST = { retryMs: 20, retryMaxMs: 100, heartbeatMs: 50, heartbeatTimeoutMs: 100, publishTimeoutMs: 300 };

/** Counts the times a channel tells its subscribers to clear, and can wait for the next one. */
function watch(channel: InvalidationChannel) {
  const seen = { count: 0 };
  let waiters: Array<() => void> = [];
  channel.subscribe(() => {
    seen.count += 1;
    waiters.forEach((resolve) => resolve());
    waiters = [];
  });
  return { seen, next: () => new Promise<void>((resolve) => waiters.push(resolve)) };
}

describe('invalidation channel without PostgreSQL (SQLite: one instance)', () => {
  it('runs this instance\u2019s subscribers on publish and always counts as listening', async () => {
    const channel = await openInvalidationChannel({ db: undefined as never }, logger);
    const { seen } = watch(channel);
    const stopped = { count: 0 };
    const stop = channel.subscribe(() => {
      stopped.count += 1;
    });
    await channel.publish();
    stop();
    await channel.publish();
    expect(seen.count).toBe(2);
    expect(stopped.count).toBe(1);
    expect(channel.listening).toBe(true);
    await channel.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('invalidation channel on PostgreSQL', () => {
  let services: TestServices;
  /** Between the listeners and PostgreSQL: it can go silent (no data, no reset) or refuse new connections. */
  let relay: TcpRelay;
  const opened: InvalidationChannel[] = [];
  /** One more instance on the same schema, its listener reaching PostgreSQL through the relay. */
  async function instance(): Promise<InvalidationChannel> {
    const schema = services.pgSchema!;
    const dedicatedClient = () => new pg.Client({ connectionString: relay.url, options: `-c search_path=${schema}` });
    const channel = await openInvalidationChannel({ db: services.db, dedicatedClient }, logger, FAST);
    opened.push(channel);
    return channel;
  }

  beforeAll(async () => {
    services = await createTestServices('postgres');
    relay = await startTcpRelay(process.env.TEST_DATABASE_URL!);
  });
  afterAll(async () => {
    await Promise.all(opened.map((channel) => channel.close()));
    await relay.close();
    await services.cleanup();
  });

  it('publish returns once every other listening instance has cleared its caches', async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()];
    const [seenA, seenB, seenC] = [watch(a).seen, watch(b).seen, watch(c).seen];
    for (let round = 1; round <= 5; round += 1) {
      await a.publish();
      expect([seenA.count, seenB.count, seenC.count]).toEqual([round, round, round]);
    }
  });

  it('does not wait forever for an instance that listens but never confirms', async () => {
    const a = await instance();
    const mute = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, application_name: channelFor(services.pgSchema!) });
    await mute.connect();
    try {
      await mute.query(`listen "${channelFor(services.pgSchema!)}"`);
      const heard = new Promise((resolve) => mute.once('notification', resolve));
      const started = performance.now();
      await a.publish();
      const waited = performance.now() - started;
      await heard;
      // It waited for the silent instance (it counts it) and then gave up at the timeout, not later.
      expect(waited).toBeGreaterThanOrEqual(FAST.publishTimeoutMs - 5);
      expect(waited).toBeLessThan(FAST.publishTimeoutMs + 2000);
    } finally {
      await mute.end();
    }
  });

  it('a connection gone silent is found by its heartbeat: caches cleared, then listening again', async () => {
    const [a, b] = [await instance(), await instance()];
    const watchB = watch(b);
    const cleared = watchB.next();
    relay.silence();
    await cleared;
    await expect.poll(() => a.listening && b.listening).toBe(true);
    const before = watchB.seen.count;
    await a.publish();
    expect(watchB.seen.count).toBe(before + 1);
  });

  it('clears at once when the connection is lost, keeps trying while PostgreSQL refuses, clears again once back', async () => {
    const a = await instance();
    const watchA = watch(a);
    relay.refusing = true;
    const lost = watchA.next();
    relay.silence();
    await lost;
    expect(a.listening).toBe(false);
    const back = watchA.next();
    relay.refusing = false;
    await back;
    expect(a.listening).toBe(true);
  });
});
