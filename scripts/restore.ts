// `npm run restore -- FILE [--force]`: puts a backup into the configured (empty) database and store.
import { parseArgs } from 'node:util';
import { openSiteData } from '#server/backup/environment.ts';
import { ProgressReporter } from '#server/backup/progress.ts';
import { describeContents, oneLine, secondsSince } from '#server/backup/report.ts';
import { restoreBackup } from '#server/backup/restore-backup.ts';
import { claimSiteData } from '#server/site-presence.ts';

const USAGE =
  'Usage: npm run restore -- FILE [--force]   (into DATABASE_URL or DATA_DIR, STORAGE_DRIVER and S3_* like the server; ' +
  '--force replaces whatever is there)';

const HELP = `${USAGE}

Puts a backup made by \`npm run backup\` into the database and store the server is configured
for. It reads the server's settings from the environment, and from .env in the project folder
when present: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite and local objects), STORAGE_DRIVER,
S3_*. The archive may come from either database and either store. Stop every instance of the
site first: a restore refuses data a running site serves, even with --force (a server keeps
DATA_DIR/server.pid while it runs and, on PostgreSQL, a lock on the database). Before changing
anything it refuses a target that holds data (without --force), then
reads the whole archive and refuses it if any size or checksum differs from its manifest. Objects
are written first; the rows go in one transaction, so the database is never half restored.

Arguments and options:
  FILE          the backup archive to restore (required)
  --force       restore into a database and store that already hold data: everything in them
                is replaced (rows deleted, objects not in the backup removed)
  -h, --help    show this help and exit (nothing is opened)
  --version     print the site's version and exit

Output:
  stdout        one line when the restore is complete: what it held, the time taken
  stderr        progress of the check and of the objects (objects, bytes, rate, time left):
                one line kept up to date on a terminal, a line every few seconds otherwise;
                the reason for a refusal or failure

Exit codes:
  0  restored
  1  refused (a site is running on the target, the target is not empty, the archive is damaged
     or from a newer version of the site; nothing was changed) or failed (the message says why)
  2  wrong arguments
`;

let file: string | undefined;
let force = false;
try {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new Error('give exactly one backup file');
  file = positionals[0];
  force = values.force ?? false;
} catch (error) {
  console.error(`${oneLine(error)}\n${USAGE}`);
  process.exit(2);
}

let site;
try {
  site = openSiteData(process.env, 'restore');
} catch (error) {
  console.error(`Restore failed: ${oneLine(error)}`);
  process.exit(1);
}
// Even --force never restores under a running site: its caches, sessions and open files would be
// those of the data that is gone.
const opened = site;
const claim = await claimSiteData(site.dataDir, site.database).catch(async (error: unknown) => {
  console.error(`Restore failed on ${opened.description}: ${oneLine(error)}`);
  await opened.close();
  process.exit(1);
});
if (claim.problem !== null) {
  console.error(`Restore refused: ${claim.problem}. Nothing was changed.`);
  await site.close();
  process.exit(1);
}
const started = performance.now();
const progress = new ProgressReporter(process.stderr);
try {
  const outcome = await restoreBackup({ db: site.database.db, dialect: site.database.dialect, store: site.store }, file, {
    force,
    progress,
  }).finally(() => progress.close());
  switch (outcome.kind) {
    case 'restored': {
      const { manifest } = outcome;
      console.log(
        `Restored ${file} (taken ${manifest.createdAt} from ${manifest.source.dialect} + ${manifest.source.store}) ` +
          `into ${site.description}: ${describeContents(manifest)} in ${secondsSince(started)}.`,
      );
      break;
    }
    case 'invalid-archive':
      console.error(`Restore refused: ${file} cannot be restored: ${outcome.problem}. Nothing was changed.`);
      process.exitCode = 1;
      break;
    case 'newer-schema':
      console.error(
        `Restore refused: ${file} comes from a newer version of the site (migrations this code lacks: ` +
          `${outcome.unknownMigrations.join(', ')}). Update the code first. Nothing was changed.`,
      );
      process.exitCode = 1;
      break;
    case 'not-empty': {
      const what = [
        outcome.tablesWithRows.length > 0 ? `rows in ${outcome.tablesWithRows.join(', ')}` : '',
        outcome.hasObjects ? 'objects in the store' : '',
      ].filter(Boolean);
      console.error(
        `Restore refused: ${site.description} is not empty (${what.join('; ')}). ` +
          'Restore into an empty database and store, or pass --force to replace everything. Nothing was changed.',
      );
      process.exitCode = 1;
      break;
    }
    case 'failed-partway':
      console.error(
        `Restore failed after writing ${outcome.objectsWritten} objects: ${outcome.problem}. The database was not changed; ` +
          'run the restore again with --force once the cause is fixed.',
      );
      process.exitCode = 1;
      break;
  }
} catch (error) {
  console.error(`Restore failed on ${site.description}: ${oneLine(error)}`);
  process.exitCode = 1;
} finally {
  await claim.release();
  await site.close();
}
