import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import type { Services } from '#server/context.ts';
import { connectDatabase } from '#server/db/connection.ts';
import { openInvalidationChannel } from '#server/db/invalidation-channel.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createMailer } from '#server/email/mailer.ts';
import { seedDemoSamples } from '#server/samples/demo-seed.ts';
import { buildServices, stopServices } from '#server/services.ts';

/**
 * A benchmark's DATA_DIR made in-process before the server under test starts on it: migrated, the
 * demo samples seeded, and the services to add more with. `close` stops them and the database.
 */
export async function openSeededSite(dataDir: string): Promise<{ services: Services; close: () => Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true' });
  const database = connectDatabase({ dataDir: config.DATA_DIR });
  await migrateToLatest(database.db);
  const logger = pino({ level: 'silent' });
  const services = buildServices({
    config,
    logger,
    db: database.db,
    dialect: 'sqlite',
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger }),
    invalidation: await openInvalidationChannel(database, logger),
  });
  await seedDemoSamples(services);
  return {
    services,
    async close() {
      await stopServices(services);
      await database.close();
    },
  };
}
