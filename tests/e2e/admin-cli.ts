import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';
import { e2eDataDir } from './support';

/*
 * The admin command line against the running e2e server's SQLite database, as an operator of the
 * production build runs it: the bundle `npm run build` made (BUILD_DIR/cli-admin.js, what
 * `npm run admin` runs in a production install), not the sources through tsx, which took 7-9 s a
 * call on a busy machine against 1.5 s.
 */

const CLI = path.resolve(process.env.BUILD_DIR ?? 'build', 'cli-admin.js');
const env = () => ({ ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'silent' });

/** Runs a command that must succeed; answers what it printed. */
export function adminCli(...args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args], { env: env() }).toString();
}

/** Runs a command that may fail; answers its status and both outputs. */
export function adminCliResult(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], { env: env(), encoding: 'utf8' });
}
