/**
 * Tells a database that cannot serve right now (connection lost or refused, timed out, failed over
 * to a read-only standby, disk read-only or full) from a fault in our own code or data. The HTTP
 * layer answers the first with 503 and Retry-After; the second stays a 500.
 */

// SQLSTATE classes and codes: 08 connection exception; 53300 too many connections; 57P01-57P03
// terminated by an administrator, crash or start-up; 57014 cancelled (our statement timeout);
// 25006 read-only transaction (a standby promoted late, or a failover in progress).
const PG_UNAVAILABLE_CLASSES = ['08'];
const PG_UNAVAILABLE_CODES = new Set(['53300', '57P01', '57P02', '57P03', '57014', '25006']);

// Socket errors on the way to PostgreSQL.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// node-postgres reports a lost connection or its own timeouts with a message and no code.
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Client was closed/,
  /^Cannot use a pool after calling end/,
];

// SQLite primary result codes (extended codes keep these in their low byte): BUSY after the busy
// timeout, READONLY (file or WAL not writable), IOERR (disk), FULL (no space), CANTOPEN, PROTOCOL
// (the WAL lock protocol failed, e.g. a damaged -shm).
const SQLITE_UNAVAILABLE = new Set([
  5, // SQLITE_BUSY
  8, // SQLITE_READONLY
  10, // SQLITE_IOERR
  13, // SQLITE_FULL
  14, // SQLITE_CANTOPEN
  15, // SQLITE_PROTOCOL
]);

interface DriverError {
  code?: unknown;
  /** node:sqlite: the SQLite result code as a number. */
  errcode?: unknown;
  message?: unknown;
  cause?: unknown;
}

function classifyOne(error: DriverError): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (/^[0-9A-Z]{5}$/.test(code) && (PG_UNAVAILABLE_CODES.has(code) || PG_UNAVAILABLE_CLASSES.includes(code.slice(0, 2)))) return true;
  if (NETWORK_CODES.has(code)) return true;
  if (typeof error.errcode === 'number' && SQLITE_UNAVAILABLE.has(error.errcode & 0xff)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when the error (or one it was caused by) says the database cannot serve right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (classifyOne(current as DriverError)) return true;
    current = (current as DriverError).cause;
  }
  return false;
}

/** How long a client should wait before trying again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
