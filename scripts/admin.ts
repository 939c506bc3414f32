// `npm run admin -- <command>`: manage admin accounts on the configured database (see ADMIN_CLI_USAGE).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ADMIN_CLI_USAGE, CliError, runAdminCli } from '#server/auth/admin-cli.ts';
import { ConfigError, parseEnvironment } from '#server/config.ts';
import { connectDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import pino from 'pino';
import { createSiteContentService } from '#server/site-content/create-site-content.ts';

const argv = process.argv.slice(2);
if (argv.length === 0) {
  console.log(ADMIN_CLI_USAGE);
  process.exit(0);
}

// Only the database settings are needed: the CLI must not require (or generate) a SESSION_SECRET.
let env;
try {
  env = parseEnvironment(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const dataDir = path.resolve(env.DATA_DIR);
if (!env.DATABASE_URL) mkdirSync(dataDir, { recursive: true });
const database = connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
try {
  await migrateToLatest(database.db);
  // Only read here (a password made of the studio's name is refused), so no other instance needs telling.
  const siteContent = createSiteContentService({
    db: database.db,
    logger: pino({ level: 'silent' }),
    invalidation: { publish: async () => {}, subscribe: () => () => {}, listening: true, close: async () => {} },
  });
  await runAdminCli(database.db, argv, {
    out: (line) => console.log(line),
    readStdin: () => text(process.stdin),
    dataDir,
    studioName: async () => (await siteContent.current()).studio.name,
  });
} catch (error) {
  console.error(
    error instanceof CliError
      ? error.message
      : `Failed on ${database.description}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
