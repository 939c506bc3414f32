// `npm run db:migrate`: applies pending migrations to the configured database (the server also does this at start-up).
import { mkdirSync } from 'node:fs';
import { ConfigError, parseEnvironment } from '#server/config.ts';
import { connectDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

// Only the database settings are needed: migrating must not require (or generate) a SESSION_SECRET.
let env;
try {
  env = parseEnvironment(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
if (!env.DATABASE_URL) mkdirSync(env.DATA_DIR, { recursive: true });
const database = connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : `Up to date (${database.description}).`);
} catch (error) {
  console.error(`Migration failed on ${database.description}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
