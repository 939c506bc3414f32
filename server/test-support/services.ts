import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { loadConfig, type Config } from '#server/config.ts';
import type { Services } from '#server/context.ts';
import { connectDatabase, type Dialect } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createMailer, type Mailer } from '#server/email/mailer.ts';
import { buildServices, stopServices } from '#server/services.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestServices extends Services {
  dataDir: string;
  /** Drops the PostgreSQL schema / deletes the temporary folder. */
  cleanup(): Promise<void>;
}

export interface TestServiceOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
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
    ...options.env,
  });
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const database = connectDatabase({ databaseUrl, dataDir, pgSchema: schema });
  await migrateToLatest(database.db);
  const logger = pino({ level: 'silent' });
  const mailer = options.mailer ?? createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger });
  const services = buildServices({
    config: { ...config, DATABASE_URL: databaseUrl },
    logger,
    db: database.db,
    dialect,
    databasePool: database.poolStats,
    mailer,
  });
  return Object.assign(services, {
    dataDir,
    async cleanup() {
      // An analysis still running would write to a closed database.
      await services.sampleAnalysis.idle();
      stopServices(services);
      await database.close();
      if (schema && databaseUrl) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
