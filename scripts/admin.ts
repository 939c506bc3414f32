// `npm run admin -- <command>`: manage admin accounts on the configured database (see ADMIN_CLI_USAGE).
// Nothing is opened for --help or wrong arguments, and the database is never created or migrated
// here: a missing one or an older schema is named with what to run instead.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { adminCommand, adminHelp, asksForHelp, CliError, runAdminCli } from '#server/auth/admin-cli.ts';
import { emailSchema } from '#common/admin-auth.ts';
import { ConfigError, parseEnvironment } from '#server/config.ts';
import { connectDatabase, sqliteFileIn } from '#server/db/connection.ts';
import { schemaProblem, schemaStatus } from '#server/db/migrate.ts';
import { sendTestMail } from '#server/email/test-mail.ts';
import pino from 'pino';
import { createSiteContentService } from '#server/site-content/create-site-content.ts';

const argv = process.argv.slice(2);
if (asksForHelp(argv)) {
  console.log(adminHelp(argv[0] === 'help' ? argv.slice(1) : argv));
  process.exit(0);
}
let command;
try {
  command = adminCommand(argv);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

// Only the database and mail settings are needed: the CLI must not require (or generate) a SESSION_SECRET.
let env;
try {
  env = parseEnvironment(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const dataDir = path.resolve(env.DATA_DIR);

if (command.noDatabase) {
  const address = emailSchema.safeParse(argv[1]);
  if (!address.success) {
    console.error(`${address.error.issues[0]!.message}: "${argv[1]}"\n\n${adminHelp(argv)}`);
    process.exit(2);
  }
  try {
    console.log(await sendTestMail({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir }, address.data));
  } catch (error) {
    console.error(`The test e-mail was not sent: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} else {
  const sqliteFile = sqliteFileIn(dataDir);
  if (!env.DATABASE_URL && !existsSync(sqliteFile)) {
    console.error(`No database at ${sqliteFile} (DATA_DIR): start the site once, or run \`npm run db:migrate\` to create it.`);
    process.exit(1);
  }
  const database = connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    const problem = schemaProblem(await schemaStatus(database.db), database.description);
    if (problem) throw new CliError(problem);
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
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  } finally {
    await database.close();
  }
}
