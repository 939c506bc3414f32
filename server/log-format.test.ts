import express from 'express';
import supertest from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLogRecord, readableDestination } from './log-format.ts';
import { createLogger, logsForPeople } from './logger.ts';
import { requestLogging } from './http/request-logging.ts';

const at = (hours: number, minutes: number, seconds: number) => new Date(2026, 10, 22, hours, minutes, seconds).getTime();
const base = { pid: 4242, hostname: 'web-1', time: at(14, 3, 7) };

describe('readable log lines', () => {
  it('reads time, level, message, then the fields as key=value', () => {
    const line = formatLogRecord({ ...base, level: 30, msg: 'listening on http://127.0.0.1:3000', port: 3000, mode: 'production' });
    expect(line).toBe('14:03:07 info  listening on http://127.0.0.1:3000 port=3000 mode=production');
  });

  it('quotes a value with spaces, shows objects as JSON and leaves out pid and hostname', () => {
    const line = formatLogRecord({
      ...base,
      level: 40,
      msg: 'created the first admin',
      file: '/srv/my data/pw.txt',
      applied: ['001', '002'],
      empty: '',
    });
    expect(line).toBe('14:03:07 warn  created the first admin file="/srv/my data/pw.txt" applied=["001","002"] empty=""');
    expect(line).not.toMatch(/4242|web-1/);
  });

  it('says a request as GET /path status time, without pino-http’s "request completed"', () => {
    const line = formatLogRecord({
      ...base,
      level: 30,
      msg: 'request completed',
      req: { id: 'a1b2c3d4', method: 'GET', url: '/samples?page=2' },
      res: { statusCode: 200 },
      responseTime: 12.4,
    });
    expect(line).toBe('14:03:07 info  GET /samples?page=2 200 12ms');
  });

  it('shortens a long list to its ends and its length', () => {
    const applied = ['0001_initial', '0002_x', '0003_y', '0004_z', '0028_booking_holders'];
    expect(formatLogRecord({ ...base, level: 30, msg: 'database migrated', applied })).toBe(
      '14:03:07 info  database migrated applied="0001_initial"…"0028_booking_holders" (5)',
    );
  });

  it('puts an error’s stack under its line', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (/srv/app.js:1:1)' };
    expect(formatLogRecord({ ...base, level: 50, msg: 'request errored', err }).split('\n')).toEqual([
      '14:03:07 error request errored',
      '    Error: boom',
      '    at handler (/srv/app.js:1:1)',
    ]);
  });

  it('colours the level only when asked (a terminal)', () => {
    expect(formatLogRecord({ ...base, level: 40, msg: 'x' }, { colour: true })).toBe('14:03:07 \x1b[33mwarn \x1b[0m x');
    expect(formatLogRecord({ ...base, level: 40, msg: 'x' })).not.toContain('\x1b');
  });

  it('passes a line that is not JSON as it is', () => {
    const written: string[] = [];
    readableDestination({ write: (chunk: string) => written.push(chunk) } as unknown as NodeJS.WritableStream).write('plain text\n');
    expect(written).toEqual(['plain text\n']);
  });
});

describe('choosing the log format', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is JSON for a log collector and readable on a terminal, unless LOG_FORMAT says', () => {
    const tty = process.stdout.isTTY;
    try {
      process.stdout.isTTY = true;
      expect(logsForPeople({ NODE_ENV: 'production', LOG_FORMAT: 'auto' })).toBe(true);
      expect(logsForPeople({ NODE_ENV: 'production', LOG_FORMAT: 'json' })).toBe(false);
      expect(logsForPeople({ NODE_ENV: 'test', LOG_FORMAT: 'auto' })).toBe(false);
      process.stdout.isTTY = false;
      expect(logsForPeople({ NODE_ENV: 'production', LOG_FORMAT: 'auto' })).toBe(false);
      expect(logsForPeople({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toBe(true);
    } finally {
      process.stdout.isTTY = tty;
    }
  });

  it('hides the same secrets in readable lines as in JSON', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production', LOG_FORMAT: 'pretty' });
    const app = express();
    app.use(requestLogging(logger));
    app.get('/manage/reset-password', (_req, res) => void res.send('ok'));
    await supertest(app).get('/manage/reset-password?token=very-secret-token').set('Cookie', 'session=abc').expect(200);
    logger.error({ err: new Error('could not fetch /listen/abcdefghijklmnopqrstuvwxyz012345') }, 'failed');
    const text = written.join('');
    expect(text).toMatch(/^\d\d:\d\d:\d\d info {2}GET \/manage\/reset-password\?token=\[REDACTED\] 200 \d+ms$/m);
    expect(text).toContain('/listen/[REDACTED]');
    expect(text).not.toContain('very-secret-token');
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz012345');
    expect(text).not.toContain('{"level"');
  });
});
