import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/** JSON lines in production (for a log collector), readable lines in a terminal during development. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'isProduction' | 'NODE_ENV'>): Logger {
  const pretty = !config.isProduction && config.NODE_ENV !== 'test' && process.stdout.isTTY;
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}
