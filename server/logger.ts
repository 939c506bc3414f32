import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/**
 * Query parameters that carry a secret somewhere in this app: the password reset link's `token`,
 * the local upload grant's `signature`, a presigned S3 URL's `X-Amz-Signature`, `X-Amz-Credential`
 * (names the access key) and `X-Amz-Security-Token`. Matched without regard to case.
 */
const SECRET_PARAMETERS = new Set(['token', 'signature', 'x-amz-signature', 'x-amz-credential', 'x-amz-security-token']);
/** Every `?name=value` or `&name=value` in a text: the name is judged decoded, as the server reads it. */
const QUERY_PARAMETER_PATTERN = /([?&])([^=&#\s"'<>?]*)=([^&#\s"'<>]*)/g;
const REDACTED = '[REDACTED]';

/** A parameter's name as the query parser reads it: percent-decoded, `+` a space, `name[]` as `name`, any case. */
function parameterName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: judged as typed.
  }
  return name.replace(/\[.*$/, '').trim().toLowerCase();
}

/**
 * The text (a URL, or a message that quotes one) with the value of every secret query parameter
 * replaced by [REDACTED]: a log line may travel to places a reset link or an upload grant must not.
 */
export function redactUrlSecrets(text: string): string {
  return text.replace(QUERY_PARAMETER_PATTERN, (whole, separator: string, name: string) =>
    SECRET_PARAMETERS.has(parameterName(name)) ? `${separator}${name}=${REDACTED}` : whole,
  );
}

/** pino's error serializer, with secrets in the message and stack redacted (errors often quote the URL). */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  for (const key of ['message', 'stack'] as const) {
    if (typeof serialized[key] === 'string') serialized[key] = redactUrlSecrets(serialized[key]);
  }
  return serialized;
}

/**
 * JSON lines in production (for a log collector), readable lines in a terminal during development.
 * Tests pass a destination to read what would have been logged.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'isProduction' | 'NODE_ENV'>,
  destination?: pino.DestinationStream,
): Logger {
  const pretty = !destination && !config.isProduction && config.NODE_ENV !== 'test' && process.stdout.isTTY;
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { err: serializeError },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
