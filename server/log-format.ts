import type { DestinationStream } from 'pino';

/**
 * Log lines for a person at a terminal: `14:03:27 info  listening on http://127.0.0.1:3000 port=3000`.
 * It reads the JSON line pino has already made, so the redaction and serializers (logger.ts) have
 * run: what is hidden in the JSON is hidden here. No worker thread and no extra package (pino-pretty
 * is a development dependency, absent from a production install).
 */

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
/** Red for error and fatal, yellow for warn, dim for debug and trace (ANSI SGR codes). */
const LEVEL_COLOURS: Record<string, string> = { trace: '2', debug: '2', info: '36', warn: '33', error: '31', fatal: '31;1' };
/** pino's own fields, and what the request line already says. */
const LEFT_OUT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res', 'responseTime']);

const LONG_LIST = 4;

const twoDigits = (value: number) => String(value).padStart(2, '0');

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}

/** `key=value`, the value quoted when it holds a space, a quote or an equals sign, or is empty. */
function field(key: string, value: unknown): string {
  if (typeof value === 'string') return `${key}=${value === '' || /[\s"=]/.test(value) ? JSON.stringify(value) : value}`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return `${key}=${String(value)}`;
  // A first start migrates some thirty steps: their count and ends say enough on a terminal (the JSON has all).
  if (Array.isArray(value) && value.length > LONG_LIST) {
    return `${key}=${JSON.stringify(value[0])}…${JSON.stringify(value.at(-1))} (${value.length})`;
  }
  return `${key}=${JSON.stringify(value)}`;
}

interface RequestFields {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** pino-http's line as a person would say it: `GET /samples 200 12ms`. */
function requestSummary({ req, res, responseTime }: RequestFields): string | null {
  if (!req?.method) return null;
  const parts = [req.method, req.url ?? ''];
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof responseTime === 'number') parts.push(`${Math.round(responseTime)}ms`);
  return parts.join(' ');
}

/** An error's stack (which starts with its message), indented under the line; its message alone without one. */
function errorLines(err: unknown): string[] {
  if (!err || typeof err !== 'object') return [];
  const { stack, message } = err as { stack?: unknown; message?: unknown };
  const text = typeof stack === 'string' ? stack : typeof message === 'string' ? message : JSON.stringify(err);
  return text.split('\n').map((line) => `    ${line.trim()}`);
}

/** One record of pino's (a parsed JSON line) as text, without a final newline. */
export function formatLogRecord(record: Record<string, unknown>, { colour = false } = {}): string {
  const level = LEVELS[record.level as number] ?? String(record.level);
  const shownLevel = colour ? `\x1b[${LEVEL_COLOURS[level] ?? '0'}m${level.padEnd(5)}\x1b[0m` : level.padEnd(5);
  const request = requestSummary(record as RequestFields);
  const message = typeof record.msg === 'string' ? record.msg : '';
  const words = [clock(record.time), shownLevel];
  if (request) words.push(request);
  // pino-http's own words ("request completed") add nothing to the request line; others are kept.
  if (message && !(request && message === 'request completed')) words.push(message);
  for (const [key, value] of Object.entries(record)) {
    if (!LEFT_OUT.has(key) && value !== undefined) words.push(field(key, value));
  }
  return [words.join(' '), ...errorLines(record.err)].join('\n');
}

/** A pino destination writing readable lines to `out` (the terminal); a line that is not JSON passes as it is. */
export function readableDestination(out: NodeJS.WritableStream = process.stdout, colour = false): DestinationStream {
  return {
    write(line: string) {
      let record: Record<string, unknown> | null = null;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        // Not one of pino's lines: shown untouched.
      }
      out.write(record && typeof record === 'object' ? `${formatLogRecord(record, { colour })}\n` : line);
    },
  };
}
