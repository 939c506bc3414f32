// `npm run backup -- --out FILE`: one archive of the database and every stored object, taken while the site runs.
import { parseArgs } from 'node:util';
import { createBackup } from '#server/backup/create-backup.ts';
import { openSiteData } from '#server/backup/environment.ts';
import { describeContents, formatBytes, oneLine, secondsSince } from '#server/backup/report.ts';

const USAGE = 'Usage: npm run backup -- --out FILE   (reads DATABASE_URL or DATA_DIR, STORAGE_DRIVER and S3_* like the server)';

let out: string | undefined;
try {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
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
try {
  const outcome = await createBackup(
    { db: site.database.db, dialect: site.database.dialect, store: site.store, storeKind: site.storeKind },
    out,
  );
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
