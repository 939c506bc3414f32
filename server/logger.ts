import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { readableDestination } from './log-format.ts';

export type { Logger };

/**
 * Query parameters that carry a secret somewhere in this app: the password reset link's `token`,
 * the portal sign-in link's `token`, the local upload grant's `signature`, a presigned S3 URL's
 * `X-Amz-Signature`, `X-Amz-Credential` (names the access key) and `X-Amz-Security-Token`. Matched
 * without regard to case.
 */
const SECRET_PARAMETERS = new Set(['token', 'signature', 'x-amz-signature', 'x-amz-credential', 'x-amz-security-token']);
/** Every `?name=value` or `&name=value` in a text: the name is judged decoded, as the server reads it. */
const QUERY_PARAMETER_PATTERN = /([?&])([^=&#\s"'<>?]*)=([^&#\s"'<>]*)/g;

/**
 * The capability routes: paths whose segment right after these segments is a token that opens
 * something by itself. The booking e-mails' `/book/cancel/{t}` and `/book/reschedule/{t}` pages
 * and their API `/api/bookings/{t}/…`; a review link's `/listen/{t}` page and its API
 * `/api/listen/{t}/…`; the owner's calendar subscription `/calendar/{t}.ics` (every booking).
 * A new route that takes a token in its path gets its row here (server/log-redaction.test.ts).
 */
const CAPABILITY_PATH_PREFIXES: readonly (readonly string[])[] = [
  ['book', 'cancel'],
  ['book', 'reschedule'],
  ['api', 'bookings'],
  ['listen'],
  ['calendar'],
];
/** Every run of path in a text (a bare path, or the part of a URL after its scheme): up to its query, fragment or the text's next word. */
const PATH_PATTERN = /\/[^?#\s"'<>]*/g;
/** A token segment's ending that is the route's own (`.ics`, React Router's `.data`): kept, so the line reads as the route. */
const ROUTE_SUFFIX = /\.[a-z]{1,8}$/i;
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

/** A path segment as the routers match it: percent-decoded, any case. */
function segmentName(raw: string): string {
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

function startsCapabilityPrefix(names: string[], at: number): number {
  for (const prefix of CAPABILITY_PATH_PREFIXES) {
    if (prefix.every((name, offset) => names[at + offset] === name)) return prefix.length;
  }
  return 0;
}

/** One run of path with the token segment of every capability route in it replaced. */
function redactPath(path: string): string {
  const segments = path.split('/');
  const names = segments.map(segmentName);
  for (let at = 0; at < segments.length; at++) {
    const length = startsCapabilityPrefix(names, at);
    const token = at + length;
    if (length === 0 || token >= segments.length || segments[token] === '') continue;
    segments[token] = `${REDACTED}${ROUTE_SUFFIX.exec(segments[token]!)?.[0] ?? ''}`;
    at = token;
  }
  return segments.join('/');
}

/**
 * The text (a URL, or a message that quotes one) with every capability token replaced by
 * [REDACTED]: the value of each secret query parameter, and the token segment of each capability
 * route's path. A log line may travel to places a reset link, a review link or an upload grant
 * must not. The one rule every log line of a URL goes through.
 */
export function redactUrlSecrets(text: string): string {
  return text
    .replace(PATH_PATTERN, redactPath)
    .replace(QUERY_PARAMETER_PATTERN, (whole, separator: string, name: string) =>
      SECRET_PARAMETERS.has(parameterName(name)) ? `${separator}${name}=${REDACTED}` : whole,
    );
}

/**
 * pino's error serializer, with secrets redacted in every text it carries: the message and stack,
 * and any other field an error names (a client library's `url` or `path`): errors often quote the URL.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  for (const [key, value] of Object.entries(serialized)) {
    if (typeof value === 'string') serialized[key] = redactUrlSecrets(value);
  }
  return serialized;
}

/**
 * Whether the log is for a person reading a terminal (readable lines and the start-up banner) or for
 * a log collector (JSON lines): LOG_FORMAT decides, and `auto` asks whether stdout is a terminal.
 * Tests never get readable lines unless they ask.
 */
export function logsForPeople(config: Pick<Config, 'NODE_ENV'> & { LOG_FORMAT?: Config['LOG_FORMAT'] }): boolean {
  if (config.LOG_FORMAT === 'pretty') return true;
  if (config.LOG_FORMAT === 'json') return false;
  return config.NODE_ENV !== 'test' && process.stdout.isTTY === true;
}

/**
 * JSON lines for a log collector, readable lines on a terminal (log-format.ts), the same redaction
 * in both. Tests pass a destination to read what would have been logged.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'> & { LOG_FORMAT?: Config['LOG_FORMAT'] },
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { err: serializeError },
  };
  if (destination) return pino(options, destination);
  if (!logsForPeople(config)) return pino(options);
  const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
  return pino(options, readableDestination(process.stdout, colour));
}
