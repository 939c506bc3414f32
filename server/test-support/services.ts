import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { createLogger, type Logger } from '#server/logger.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Services } from '#server/context.ts';
import { connectDatabase, type DatabaseTimeouts, type Dialect } from '#server/db/connection.ts';
import { openInvalidationChannel } from '#server/db/invalidation-channel.ts';
import type { ListenerTimings } from '#server/db/invalidation-listener.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createMailer, type Mailer } from '#server/email/mailer.ts';
import { buildServices, stopServices } from '#server/services.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestServices extends Services {
  dataDir: string;
  /** The PostgreSQL schema these services use. */
  pgSchema?: string;
  /** Drops the PostgreSQL schema / deletes the temporary folder. */
  cleanup(): Promise<void>;
}

export interface TestServiceOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  /**
   * PostgreSQL only: share another instance's schema instead of making a new one (several app
   * instances on one database). The schema is dropped by the services that made it.
   */
  sameDatabaseAs?: TestServices;
  /** The PostgreSQL listener's timings, shortened by the tests of reconnection. */
  listenerTimings?: Partial<ListenerTimings>;
  /** PostgreSQL pool timeouts (the tests of database faults shorten the server's). */
  databaseTimeouts?: Partial<DatabaseTimeouts>;
  /** A logger whose lines the test reads (see captureLogs); silent otherwise. */
  logger?: Logger;
}

/** A logger that keeps every line it writes, parsed, for tests that check what reaches the log. */
export function captureLogs(): { logger: Logger; lines: Record<string, unknown>[]; text(): string } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    { LOG_LEVEL: 'debug', NODE_ENV: 'test' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines, text: () => lines.map((line) => JSON.stringify(line)).join('\n') };
}

/**
 * A fresh, migrated database (a new SQLite file, or a new PostgreSQL schema) and a temporary
 * DATA_DIR, so every test file starts from nothing and files can run in parallel.
 */
export async function createTestServices(dialect: Dialect, options: TestServiceOptions = {}): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    // The one outside host the tests' sample URLs point at (an allowed media host, decision 044).
    MEDIA_HOSTS: 'https://cdn.example.com',
    ...options.env,
  });
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  const shared = options.sameDatabaseAs?.pgSchema;
  if (options.sameDatabaseAs && (dialect !== 'postgres' || !shared)) throw new Error('only a PostgreSQL schema can be shared');
  if (dialect === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    schema = shared ?? `test_${randomBytes(6).toString('hex')}`;
  }
  if (schema && !shared) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const database = connectDatabase({ databaseUrl, dataDir, pgSchema: schema, timeouts: options.databaseTimeouts });
  await migrateToLatest(database.db);
  const logger = options.logger ?? pino({ level: 'silent' });
  const mailer = options.mailer ?? createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger });
  const invalidation = await openInvalidationChannel(database, logger, options.listenerTimings);
  const services = buildServices({
    config: { ...config, DATABASE_URL: databaseUrl },
    logger,
    db: database.db,
    dialect,
    databasePool: database.poolStats,
    mailer,
    invalidation,
  });
  return Object.assign(services, {
    dataDir,
    pgSchema: schema,
    async cleanup() {
      // An analysis still running would write to a closed database.
      await services.samples.sampleAnalysis.idle();
      await services.projects.projectFileProcessing.idle();
      await services.projects.projectEmails.idle();
      await services.booking.bookingEmails.idle();
      stopServices(services);
      await invalidation.close();
      await database.close();
      if (schema && databaseUrl && !shared) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
