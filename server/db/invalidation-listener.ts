import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Logger } from '#server/logger.ts';
import type { Database } from './schema.ts';

export interface ListenerTimings {
  /**
   * The longest a write waits for the other instances to confirm they cleared their caches. An
   * instance that does not confirm in time still drops what it stored within STORED_MAX_AGE_MS
   * (server/http/public-cache/cache-policy.ts), so a lost notice delays a change, never hides it.
   */
  publishTimeoutMs: number;
  /** First pause before listening again after a lost connection (half of it to all of it, at random); it doubles up to retryMaxMs. */
  retryMs: number;
  retryMaxMs: number;
  /** A connection that fails silently (no reset) is found by a probe this often, given this long to answer. */
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
}

const DEFAULT_TIMINGS: ListenerTimings = {
  publishTimeoutMs: 1000,
  retryMs: 250,
  retryMaxMs: 10_000,
  heartbeatMs: 15_000,
  heartbeatTimeoutMs: 5000,
};

export interface ListenerOptions {
  db: Kysely<Database>;
  dedicatedClient: () => pg.Client;
  logger: Logger;
  /** Answers once this instance's caches are current; the writer's confirmation waits for it. */
  onInvalidate: (notice: 'changed' | 'unheard') => Promise<void>;
  timings?: Partial<ListenerTimings>;
}

/**
 * NOTIFY channels belong to the whole database, so the name carries the schema: test files sharing a
 * database in separate schemas do not clear each other's caches. A channel name is at most 63 bytes.
 */
export function channelFor(schema: string): string {
  const name = `studio_changes:${schema}`;
  return Buffer.byteLength(name) <= 63 ? name : `studio_changes:${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Resolves to `fallback` if the promise has not settled in time; never rejects. */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Connection {
  client: pg.Client;
  /** The server process behind it, so this instance does not wait for its own confirmation. */
  pid: number;
  drop(error?: unknown): void;
}

interface Waiter {
  remaining: number;
  release(): void;
}

/**
 * Hears the other instances' changes over PostgreSQL LISTEN/NOTIFY. LISTEN holds a session, so it has
 * its own connection outside the pool; once listening, the connection takes the channel as its
 * application_name, which is how a writer counts the instances that must confirm.
 *
 * Notices: `change <instance> <n>` from a writer; every other listener makes its caches current, then answers
 * `ack <writer> <n> <itself>`. The writer holds its response until all have answered (or the timeout),
 * so whichever instance gets the next request has already cleared. Whenever the connection is lost
 * or made again, changes may have gone unheard, so the subscribers are told to clear everything.
 */
export class InvalidationListener {
  private readonly instanceId = randomBytes(8).toString('hex');
  private readonly timings: ListenerTimings;
  private readonly waiting = new Map<number, Waiter>();
  private sequence = 0;
  private current: Connection | null = null;
  private connecting: Promise<void> | null = null;
  private retryDelay: number;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private everListened = false;

  constructor(
    private readonly channel: string,
    private readonly options: ListenerOptions,
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.retryDelay = this.timings.retryMs;
  }

  get listening(): boolean {
    return this.current !== null;
  }

  /** Resolves after the first attempt, listening or not (a failed attempt is retried in the background). */
  start(): Promise<void> {
    this.connecting = this.connect();
    return this.connecting;
  }

  /** Tells the other instances and waits for each to confirm, at most publishTimeoutMs. Never rejects. */
  async notifyOthers(): Promise<void> {
    const { db, logger } = this.options;
    const number = ++this.sequence;
    let release = () => {};
    const confirmed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const waiter: Waiter = { remaining: 0, release };
    this.waiting.set(number, waiter);
    const announced = (async () => {
      const { rows } = await sql<{ others: number }>`
        select count(*)::int as others from pg_stat_activity
        where datname = current_database() and application_name = ${this.channel} and pid <> ${this.current?.pid ?? 0}
      `.execute(db);
      waiter.remaining = rows[0]?.others ?? 0;
      if (waiter.remaining === 0) release();
      await sql`select pg_notify(${this.channel}, ${`change ${this.instanceId} ${number}`})`.execute(db);
      await confirmed;
    })().then(
      () => true,
      (error: unknown) => {
        logger.warn({ err: error }, 'could not tell the other instances about a change');
        return true;
      },
    );
    const done = await within(announced, this.timings.publishTimeoutMs, false);
    this.waiting.delete(number);
    release();
    if (!done) logger.warn({ timeoutMs: this.timings.publishTimeoutMs }, 'not every instance confirmed a change in time');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.heartbeatTimer);
    await this.connecting;
    const connection = this.current;
    this.current = null;
    if (connection) await connection.client.end().catch(() => {});
  }

  private hear(client: pg.Client, payload: string | undefined): void {
    const [kind, writer, number, confirmer] = (payload ?? '').split(' ');
    if (kind === 'ack') {
      const waiter = writer === this.instanceId && confirmer !== this.instanceId ? this.waiting.get(Number(number)) : undefined;
      if (waiter && --waiter.remaining <= 0) waiter.release();
      return;
    }
    if (writer === this.instanceId) return;
    void this.options
      .onInvalidate('changed')
      .then(() => client.query('select pg_notify($1, $2)', [this.channel, `ack ${writer} ${number} ${this.instanceId}`]).catch(() => {}));
  }

  private async connect(): Promise<void> {
    const { logger, onInvalidate } = this.options;
    const client = this.options.dedicatedClient();
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      this.lost(client, error);
    };
    client.on('error', (error) => drop(error));
    client.on('end', () => drop());
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.hear(client, message.payload);
    });
    let pid: number;
    try {
      await client.connect();
      await client.query(`listen ${quoteIdentifier(this.channel)}`);
      const { rows } = await client.query<{ pid: number }>(`select pg_backend_pid() as pid, set_config('application_name', $1, false)`, [
        this.channel,
      ]);
      pid = rows[0]!.pid;
    } catch (error) {
      drop(error);
      return;
    }
    if (dropped) return;
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    const connection: Connection = { client, pid, drop };
    this.current = connection;
    this.retryDelay = this.timings.retryMs;
    if (this.everListened) logger.info('listening for other instances\u2019 changes again');
    this.everListened = true;
    // Changes made while nobody here was listening went unheard.
    void onInvalidate('unheard');
    this.scheduleHeartbeat(connection);
  }

  private lost(client: pg.Client, error: unknown): void {
    const { logger, onInvalidate } = this.options;
    client.removeAllListeners('notification');
    // A dead socket may still report errors; unheard, they would crash the process.
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.closed) return;
    if (this.current?.client === client) {
      this.current = null;
      clearTimeout(this.heartbeatTimer);
      logger.warn({ err: error }, 'lost the connection that hears other instances\u2019 changes; clearing caches');
      void onInvalidate('unheard');
    } else {
      logger.warn({ err: error, retryInMs: this.retryDelay }, 'cannot listen for other instances\u2019 changes yet');
    }
    const delay = this.retryDelay;
    this.retryDelay = Math.min(delay * 2, this.timings.retryMaxMs);
    // Jitter: after a failover, instances that lost the database together do not all come back at once.
    this.retryTimer = setTimeout(
      () => {
        this.connecting = this.connect();
      },
      delay / 2 + Math.random() * (delay / 2),
    );
    this.retryTimer.unref();
  }

  private scheduleHeartbeat(connection: Connection): void {
    this.heartbeatTimer = setTimeout(async () => {
      const answered = connection.client.query('select 1').then(
        () => true,
        () => false,
      );
      if (!(await within(answered, this.timings.heartbeatTimeoutMs, false))) {
        connection.drop(new Error(`no answer within ${this.timings.heartbeatTimeoutMs} ms`));
      } else if (this.current === connection) {
        this.scheduleHeartbeat(connection);
      }
    }, this.timings.heartbeatMs);
    this.heartbeatTimer.unref();
  }
}

/** Starts listening on the channel of the pool's schema; resolves after the first attempt. */
export async function startInvalidationListener(options: ListenerOptions): Promise<InvalidationListener> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(options.db);
  const listener = new InvalidationListener(channelFor(rows[0]?.schema ?? 'public'), options);
  await listener.start();
  return listener;
}
