import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { answerUnusableRequests } from './http/request-guards.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, pingDatabase, SERVING_TIMEOUTS, type DatabaseHandle } from './db/connection.ts';
import { probeWrite } from './rate-limits/rate-limit.ts';
import { openInvalidationChannel } from './db/invalidation-channel.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMailer } from './email/mailer.ts';
import { createHttpServer } from './http/http-server.ts';
import { createLogger, logsForPeople } from './logger.ts';
import { buildDir } from './paths.ts';
import { settleBackgroundWork } from './auth/background.ts';
import { buildServices, stopServices } from './services.ts';
import { runStartupTasks } from './startup.ts';
import { describeListenAddress } from './listen-address.ts';
import { SITE_VERSION } from './version.ts';
import { announceRunningSite } from './site-presence.ts';
import { initialPasswordHint } from './auth/first-admin.ts';
import { startupBanner } from './startup-banner.ts';
import { BACKGROUND_WORK_GRACE_MS, SHUTDOWN_GRACE_MS } from './shutdown-grace.ts';

/** A start-up failure a person can act on: printed as one line on stderr, then exit code 1. */
class StartupError extends Error {}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();

/**
 * Opens, migrates and write-checks the database, or says in one line which of the three failed.
 * Migrations run on a connection of their own without the request timeouts (an index on a large
 * table may take minutes); the server's pool has them (SERVING_TIMEOUTS).
 */
async function openDatabase(config: Config, logger: ReturnType<typeof createLogger>): Promise<DatabaseHandle> {
  const target = config.DATABASE_URL ? 'DATABASE_URL' : `the SQLite file in DATA_DIR (${config.DATA_DIR})`;
  const connect = (timeouts = {}) => connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, timeouts });
  const step = async <T>(what: string, database: DatabaseHandle | null, work: () => Promise<T> | T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      await database?.close().catch(() => {});
      throw new StartupError(`Cannot start: the database at ${target} ${what}: ${firstLine(error)}`);
    }
  };
  const migrator = await step('cannot be opened', null, () => connect());
  await step('cannot be reached', migrator, () => pingDatabase(migrator.db));
  const applied = await step('cannot be migrated', migrator, () => migrateToLatest(migrator.db));
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  await migrator.close();
  const database = await step('cannot be opened', null, () => connect(SERVING_TIMEOUTS));
  // A read-only file, a full disk or a standby: better refused now than a site whose every write fails.
  await step('does not take writes', database, () => probeWrite(database.db));
  return database;
}

async function printBanner(config: Config, address: AddressInfo, mailer: { destination: string }): Promise<void> {
  const initialAdmin = await initialPasswordHint(config.DATA_DIR);
  const mail = { destination: mailer.destination, outbox: !config.SMTP_URL };
  process.stdout.write(`${startupBanner({ version: SITE_VERSION, address, publicUrl: config.PUBLIC_URL, mail, initialAdmin })}\n`);
}

export async function main(): Promise<Server> {
  try {
    return await start();
  } catch (error) {
    console.error(error instanceof StartupError ? error.message : `Cannot start: ${firstLine(error)}`);
    process.exit(1);
  }
}

async function start(): Promise<Server> {
  const development = process.argv.includes('--dev');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // "Invalid environment: PORT: must be ...; SESSION_SECRET: ..." (loadConfig lists one per line).
    if (error instanceof ConfigError) throw new StartupError(error.message.replace(/:?\n\s*/, ': ').replace(/\n\s*/g, '; '));
    throw new StartupError(`Cannot start: DATA_DIR (${process.env.DATA_DIR ?? './data'}) is not usable: ${firstLine(error)}`);
  }
  const logger = createLogger(config);
  logger.info({ version: SITE_VERSION, node: process.versions.node }, `starting studio site ${SITE_VERSION}`);
  // Outside production a likely typo ("did you mean DATABASE_URL?") is said, not refused (config.ts).
  for (const warning of config.warnings) logger.warn(warning);
  const database = await openDatabase(config, logger);
  // DATA_DIR/server.pid (and a lock on PostgreSQL) while serving: `npm run restore` refuses meanwhile.
  const presence = await announceRunningSite(config.DATA_DIR, database, logger);

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.DATA_DIR, 'outbox'),
    logger,
  });
  // Before any request: a write on another instance must clear this one's caches from the start.
  const invalidation = await openInvalidationChannel(database, logger);
  const services = buildServices({
    config,
    logger,
    db: database.db,
    dialect: database.dialect,
    databasePool: database.poolStats,
    mailer,
    invalidation,
  });
  const stopBackgroundTasks = await runStartupTasks(services);

  // Timeouts on idleness, not on a request's total duration (slow uploads): see http/http-server.ts.
  const server = createHttpServer();
  answerUnusableRequests(server);
  const built = await createApp(services, {
    pages: development ? { kind: 'development', httpServer: server } : { kind: 'production', buildDir: buildDir() },
  });
  server.on('request', built.handle);
  server.once('error', (error) => {
    console.error(`Cannot listen on ${config.HOST}:${config.PORT} (PORT): ${error.message}`);
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address() as AddressInfo;
    logger.info(
      { port: address.port, database: database.description, mail: mailer.destination, mode: development ? 'development' : 'production' },
      describeListenAddress(address),
    );
    // On a terminal, the first screen says where to go; a log collector has the line above.
    if (logsForPeople(config)) void printBanner(config, address, mailer);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep-alive sockets that finish a response after close() would otherwise linger until the grace timer.
    const sweepIdle = setInterval(() => server.closeIdleConnections(), 100);
    sweepIdle.unref();
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
    server.close(async () => {
      clearInterval(sweepIdle);
      stopBackgroundTasks();
      // E-mails already on their way (reset links, password notices) go out before the database closes,
      // within a bound: a mail server that hangs must not hold the shutdown.
      await Promise.race([settleBackgroundWork(), delay(BACKGROUND_WORK_GRACE_MS)]);
      await stopServices(services);
      await built.close().catch(() => {});
      mailer.close();
      await invalidation.close();
      await presence.release();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return server;
}

// Run directly (`tsx server/index.ts`); the bundled server and the start scripts call main() themselves.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void main();
}
