// `npm run db:migrate`: applies pending migrations to the configured database (the server also does this at start-up).
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

const config = loadConfig();
const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : `Up to date (${database.description}).`);
} catch (error) {
  console.error(`Migration failed on ${database.description}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
