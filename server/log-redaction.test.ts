import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '#server/auth/admin-users.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { redactUrlSecrets, serializeError } from '#server/logger.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { captureLogs, testDialects } from '#server/test-support/services.ts';
import { testWav } from '#server/test-support/test-audio.ts';
import { errorHandler } from './http/errors.ts';
import { requestLogging } from './http/request-logging.ts';

const ORIGIN = 'http://localhost:3000';

describe('redactUrlSecrets', () => {
  it('hides the value of every secret query parameter and keeps the rest of the URL', () => {
    expect(redactUrlSecrets('/manage/reset-password?token=abc-DEF_123&x=1')).toBe('/manage/reset-password?token=[REDACTED]&x=1');
    expect(redactUrlSecrets('/objects/uploads/k?expires=1795&signature=9f8e')).toBe('/objects/uploads/k?expires=1795&signature=[REDACTED]');
    const presigned =
      'https://bucket.s3.example.net/uploads/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20261122&X-Amz-Date=20261122T000000Z' +
      '&X-Amz-Security-Token=FwoG&X-Amz-Signature=5d41402abc&X-Amz-SignedHeaders=host';
    const redacted = redactUrlSecrets(presigned);
    for (const secret of ['AKIA', 'FwoG', '5d41402abc']) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('X-Amz-Signature=[REDACTED]');
    expect(redacted).toContain('X-Amz-Date=20261122T000000Z');
    expect(redactUrlSecrets('/samples?page=2')).toBe('/samples?page=2');
  });

  it('judges a parameter by its decoded name, as the server reads it', () => {
    for (const spelled of ['tok%65n', '%74oken', 'TOKEN', 'token[]', 'Signature', '%73ignature']) {
      const redacted = redactUrlSecrets(`/portal/auth?project=3&${spelled}=very-secret-value`);
      expect(redacted, spelled).not.toContain('very-secret-value');
      expect(redacted, spelled).toContain('project=3');
    }
    expect(redactUrlSecrets('/a?tokens=1&x=%zz&=2')).toBe('/a?tokens=1&x=%zz&=2');
  });

  it('hides the token segment of every capability route and keeps the route readable', () => {
    const token = 'Zm9vYmFyYmF6cXV4-_0123456789abcdefghijklmno';
    const cases: [string, string][] = [
      [`/book/cancel/${token}`, '/book/cancel/[REDACTED]'],
      [`/book/reschedule/${token}?day=2026-11-30`, '/book/reschedule/[REDACTED]?day=2026-11-30'],
      [`/book/cancel/${token}.data?_routes=routes%2Fbook`, '/book/cancel/[REDACTED].data?_routes=routes%2Fbook'],
      [`/api/bookings/${token}/cancel`, '/api/bookings/[REDACTED]/cancel'],
      [`/api/bookings/${token}/reschedule?from=2026-11-30`, '/api/bookings/[REDACTED]/reschedule?from=2026-11-30'],
      [`/listen/${token}`, '/listen/[REDACTED]'],
      [`/listen/${token}.data`, '/listen/[REDACTED].data'],
      [`/api/listen/${token}/versions/3/audio`, '/api/listen/[REDACTED]/versions/3/audio'],
      [`/calendar/${token}.ics`, '/calendar/[REDACTED].ics'],
      [`http://localhost:3000/listen/${token}`, 'http://localhost:3000/listen/[REDACTED]'],
      [`could not handle /book/cancel/${token} today`, 'could not handle /book/cancel/[REDACTED] today'],
    ];
    for (const [url, expected] of cases) expect(redactUrlSecrets(url), url).toBe(expected);
  });

  it('judges a capability route as the routers do: any case, percent-decoded, after any doubled slash', () => {
    for (const spelled of ['/LISTEN/', '/%6Cisten/', '//listen/', '/Book/Cancel/', '/book/%63ancel/', '/API/Bookings/', '/calendar/']) {
      const redacted = redactUrlSecrets(`${spelled}very-secret-value.ics`);
      expect(redacted, spelled).not.toContain('very-secret-value');
      expect(redacted, spelled).toBe(`${spelled}[REDACTED].ics`);
    }
  });

  it('leaves the paths that carry no token as they are', () => {
    for (const path of [
      '/book',
      '/book/',
      '/listen/',
      '/api/bookings',
      '/api/admin/bookings/12/cancel',
      '/manage/bookings/week',
      '/api/admin/projects/3/tracks/4/review-links',
      '/services/mixing',
      '/media/images/12/640.webp',
    ]) {
      expect(redactUrlSecrets(path)).toBe(path);
    }
  });
});

describe('the error serializer', () => {
  it('redacts every text field an error carries, not only its message', () => {
    const error = Object.assign(new Error('request failed'), { url: 'http://localhost:3000/calendar/secret-calendar.ics', status: 502 });
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized.url).toBe('http://localhost:3000/calendar/[REDACTED].ics');
    expect(serialized.status).toBe(502);
  });
});

describe('error logs', () => {
  it('redact the URL in the request line and in the error message', async () => {
    const logs = captureLogs();
    const app = express();
    app.use(requestLogging(logs.logger));
    app.get('/boom', (req) => {
      throw new Error(`could not handle ${req.originalUrl}`);
    });
    app.get('/listen/:token', (req) => {
      throw new Error(`could not open ${req.originalUrl}`);
    });
    app.use(errorHandler(logs.logger));
    expect((await supertest(app).get('/boom?token=very-secret-token')).status).toBe(500);
    expect((await supertest(app).get('/listen/very-secret-link')).status).toBe(500);
    expect(logs.text()).not.toContain('very-secret-token');
    expect(logs.text()).not.toContain('very-secret-link');
    expect(logs.lines.filter((line) => line.msg === 'unhandled error')).toHaveLength(2);
    expect(logs.text()).toContain('/boom?token=[REDACTED]');
    expect(logs.text()).toContain('could not open /listen/[REDACTED]');
  });
});

describe.each(testDialects())('secrets never reach the access log (%s)', (dialect) => {
  let t: TestApp;
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    logs = captureLogs();
    t = await createTestApp(dialect, { asAdmin: true, logger: logs.logger });
    await createAdmin(t.services.db, { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' });
  });
  afterAll(async () => {
    await settleBackgroundWork();
    await t.close();
  });

  it('logs a reset link and its visit with the token redacted', async () => {
    expect((await t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: 'owner@example.com' })).status).toBe(
      200,
    );
    await settleBackgroundWork();
    const outbox = path.join(t.services.dataDir, 'outbox');
    const mail = JSON.parse(
      readFileSync(
        path.join(
          outbox,
          readdirSync(outbox).find((f) => f.endsWith('.json'))!,
        ),
        'utf8',
      ),
    ) as { text: string };
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)![1]!);
    await t.request.get(`/manage/reset-password?token=${encodeURIComponent(token)}`);

    expect(logs.text()).not.toContain(token);
    const visit = logs.lines.find((line) => (line.req as { url?: string } | undefined)?.url?.startsWith('/manage/reset-password'));
    expect((visit?.req as { url: string }).url).toBe('/manage/reset-password?token=[REDACTED]');
    const outboxLine = logs.lines.find((line) => line.msg === 'mail written to outbox');
    expect(outboxLine?.link).toBe('http://localhost:3000/manage/reset-password?token=[REDACTED]');
  });

  it('logs an upload with its grant signature redacted', async () => {
    const { uploadURL } = (await t.request.post('/api/objects/upload')).body as { uploadURL: string };
    const signature = new URL(uploadURL, ORIGIN).searchParams.get('signature')!;
    expect(signature.length).toBeGreaterThan(10);
    expect((await t.request.put(uploadURL).set('Content-Type', 'application/octet-stream').send(testWav())).status).toBe(200);

    expect(logs.text()).not.toContain(signature);
    const put = logs.lines.find((line) => (line.req as { method?: string } | undefined)?.method === 'PUT');
    expect((put?.req as { url: string }).url).toMatch(/^\/objects\/staging\/[\w-]+\?expires=\d+&signature=\[REDACTED\]$/);
  });
});
