import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable-error.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['PostgreSQL terminated the session', withCode('57P01')],
    ['PostgreSQL is starting up', withCode('57P03')],
    ['a statement timeout', withCode('57014')],
    ['a connection exception', withCode('08006')],
    ['a standby refusing writes', withCode('25006')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a lost connection (node-postgres)', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a query read timeout', new Error('Query read timeout')],
    ['a read-only SQLite file (better-sqlite3)', withCode('SQLITE_READONLY')],
    ['a read-only WAL (extended code)', withCode('SQLITE_READONLY_DBMOVED')],
    ['a disk error', withCode('SQLITE_IOERR_SHORT_READ')],
    ['a full disk', withCode('SQLITE_FULL')],
    ['a busy database after the busy timeout', withCode('SQLITE_BUSY')],
    ['a file that cannot be opened', withCode('SQLITE_CANTOPEN')],
    ['node:sqlite read-only (result code 8)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 8 })],
    ['node:sqlite disk I/O (extended 266)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 266 })],
    ['a wrapped cause', new Error('outer', { cause: withCode('57P01') })],
  ])('says yes for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['node:sqlite constraint (19)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 19 })],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'text'],
    ['nothing', undefined],
  ])('says no for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
