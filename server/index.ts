import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { answerUnusableRequests } from './http/request-guards.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, pingDatabase } from './db/connection.ts';
import { openInvalidationChannel } from './db/invalidation-channel.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMailer } from './email/mailer.ts';
import { createLogger } from './logger.ts';
import { buildDir } from './paths.ts';
import { settleBackgroundWork } from './auth/background.ts';
import { buildServices, stopServices } from './services.ts';
import { runStartupTasks } from './startup.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const BACKGROUND_WORK_GRACE_MS = 5_000;

function describeDatabaseFailure(config: Config, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const target = config.DATABASE_URL ? 'DATABASE_URL' : `the SQLite file in DATA_DIR (${config.DATA_DIR})`;
  return `Cannot reach the database at ${target}: ${reason.split('\n')[0]}`;
}

export async function main(): Promise<Server> {
  const development = process.argv.includes('--dev');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);

  const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await pingDatabase(database.db);
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ applied }, 'database migrated');
  } catch (error) {
    console.error(describeDatabaseFailure(config, error));
    await database.close().catch(() => {});
    process.exit(1);
  }

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

  const server = createServer();
  answerUnusableRequests(server);
  const built = await createApp(services, {
    pages: development ? { kind: 'development', httpServer: server } : { kind: 'production', buildDir: buildDir() },
  });
  server.on('request', built.app);
  server.once('error', (error) => {
    console.error(`Cannot listen on ${config.HOST}:${config.PORT} (PORT): ${error.message}`);
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info(
      { port, database: database.description, mail: mailer.destination, mode: development ? 'development' : 'production' },
      `listening on http://localhost:${port}`,
    );
  });
  // Keep-alive must outlive a load balancer's idle timeout, or it sees resets.
  server.keepAliveTimeout = 65_000;

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
      stopServices(services);
      await built.close().catch(() => {});
      mailer.close();
      await invalidation.close();
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
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
