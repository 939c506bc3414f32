// `npm run backup -- --out FILE`: one archive of the database and every stored object, taken while the site runs.
import { parseArgs } from 'node:util';
import { createBackup } from '#server/backup/create-backup.ts';
import { openSiteData } from '#server/backup/environment.ts';
import { ProgressReporter } from '#server/backup/progress.ts';
import { describeContents, formatBytes, oneLine, secondsSince } from '#server/backup/report.ts';

const USAGE = 'Usage: npm run backup -- --out FILE   (reads DATABASE_URL or DATA_DIR, STORAGE_DRIVER and S3_* like the server)';

const HELP = `${USAGE}

Writes one archive (a tar file) of the site's database and every stored object, while the site
runs: the database from one consistent snapshot, each object with its size and SHA-256.
It reads the server's settings from the environment, and from .env in the project folder when
present: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite and local objects), STORAGE_DRIVER, S3_*.

Options:
  --out FILE    where to write the archive (required). An existing file is never replaced; the
                archive is written as FILE.partial and renamed once complete, readable by
                its owner alone (0600): it holds password hashes and client data.
  -h, --help    show this help and exit (nothing is opened)
  --version     print the site's version and exit

Output:
  stdout        one line when the archive is written: what it holds, its size, the time taken
  stderr        progress (objects, bytes, rate, time left): one line kept up to date on a
                terminal, a line every few seconds otherwise; warnings; the reason for a failure

Exit codes:
  0  the archive was written (read any warnings on stderr)
  1  refused (FILE exists) or failed; no archive is left behind
  2  wrong arguments
`;

let out: string | undefined;
try {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  out = values.out;
} catch (error) {
  console.error(`${oneLine(error)}\n${USAGE}`);
  process.exit(2);
}
if (!out) {
  console.error(USAGE);
  process.exit(2);
}

let site;
try {
  site = openSiteData(process.env, 'backup');
} catch (error) {
  console.error(`Backup failed: ${oneLine(error)}`);
  process.exit(1);
}
const started = performance.now();
const progress = new ProgressReporter(process.stderr);
try {
  const outcome = await createBackup(
    { db: site.database.db, dialect: site.database.dialect, store: site.store, storeKind: site.storeKind },
    out,
    { progress },
  ).finally(() => progress.close());
  if (outcome.kind === 'file-exists') {
    console.error(`Backup refused: ${out} already exists (a backup never replaces a file).`);
    process.exitCode = 1;
  } else {
    for (const warning of outcome.warnings) console.error(`Warning: ${warning}`);
    console.log(
      `Backed up ${site.description}: ${describeContents(outcome.manifest)} to ${outcome.file} ` +
        `(${formatBytes(outcome.bytes)}) in ${secondsSince(started)}.`,
    );
  }
} catch (error) {
  console.error(`Backup failed on ${site.description}: ${oneLine(error)}`);
  process.exitCode = 1;
} finally {
  await site.close();
}
