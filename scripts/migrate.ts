// `npm run db:migrate`: applies pending migrations to the configured database (the server also does this at start-up).
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, parseEnvironment } from '#server/config.ts';
import { connectDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

const USAGE = 'Usage: npm run db:migrate   (migrates DATABASE_URL, or the SQLite file in DATA_DIR, like the server)';

const HELP = `${USAGE}

Applies the migrations this code has and the database has not had yet, then says which (or that
it was up to date). The server does the same when it starts; run it yourself before a command that
says the database needs migrating, or ahead of starting a new version. A missing SQLite file is
created. It reads the server's settings from the environment, and from .env in the project folder
when present: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite).

Options:
  -h, --help    show this help and exit (nothing is opened)
  --version     print the site's version and exit

Exit codes:
  0  migrated, or already up to date
  1  failed (the message says why)
  2  wrong arguments
`;

try {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

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
