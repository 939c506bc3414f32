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
    [
      'a read-only WAL (SQLITE_READONLY_DBMOVED, extended 1032)',
      Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 1032 }),
    ],
    ['a short read (SQLITE_IOERR_SHORT_READ, extended 522)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 522 })],
    ['a full disk (13)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 13 })],
    ['a busy database after the busy timeout (5)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 5 })],
    ['a file that cannot be opened (14)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 14 })],
    ['node:sqlite read-only (result code 8)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 8 })],
    ['node:sqlite disk I/O (extended 266)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 266 })],
    ['a wrapped cause', new Error('outer', { cause: withCode('57P01') })],
  ])('says yes for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a SQLite unique constraint (extended 2067)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 2067 })],
    ['node:sqlite constraint (19)', Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode: 19 })],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'text'],
    ['nothing', undefined],
  ])('says no for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
