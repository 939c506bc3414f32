import pg from 'pg';
import { workerDatabaseName } from './pg-databases.ts';

// Vitest setup file: points TEST_DATABASE_URL, before the test file loads, at this worker's own
// database (see pg-databases.ts), making it the first time. Servers and tools the file starts inherit it.
const baseUrl = process.env.TEST_DATABASE_URL;
const prefix = process.env.TEST_PG_DATABASE_PREFIX;
const poolId = process.env.VITEST_POOL_ID;
if (baseUrl && prefix && poolId) {
  const name = workerDatabaseName(prefix, poolId);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
}
