import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { ADDRESS_MAX_FAILURES } from '#server/auth/login-guard.ts';
import { loadConfig } from '#server/config.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { clientIp } from '#server/http/client-ip.ts';

// supertest connects from 127.0.0.1: that is the peer every request below comes from.
const TRUSTED = '127.0.0.1/32';
const UNTRUSTED = '10.0.0.0/8,192.168.0.0/16';

function appTrusting(trustProxy: string) {
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'studio-ip-')), TRUST_PROXY: trustProxy });
  const app = express();
  app.set('trust proxy', config.TRUST_PROXY);
  app.get('/ip', (req, res) => {
    res.send(clientIp(req));
  });
  return supertest(app);
}

describe('clientIp', () => {
  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    for (const trust of ['false', UNTRUSTED]) {
      const res = await appTrusting(trust).get('/ip').set('X-Forwarded-For', '203.0.113.9');
      expect(res.text, trust).toBe('127.0.0.1');
    }
  });

  it('takes the address a listed proxy forwards: the nearest one it did not add itself', async () => {
    const request = appTrusting(`${TRUSTED},10.0.0.0/8`);
    expect((await request.get('/ip').set('X-Forwarded-For', '203.0.113.9')).text).toBe('203.0.113.9');
    // The client wrote the first entry itself; the proxy appended what it saw.
    expect((await request.get('/ip').set('X-Forwarded-For', '198.51.100.1, 203.0.113.9')).text).toBe('203.0.113.9');
    expect((await request.get('/ip').set('X-Forwarded-For', '198.51.100.1, 203.0.113.9, 10.1.2.3')).text).toBe('203.0.113.9');
  });
});

const ORIGIN = 'http://localhost:3000';
const message = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please master my new single.' };

describe.each(testDialects())('per-address limits behind TRUST_PROXY (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const contactFrom = (app: TestApp, forwardedFor: string) =>
    app.request.post('/api/contact').set('X-Forwarded-For', forwardedFor).send(message);
  const loginFrom = (app: TestApp, forwardedFor: string, username: string) =>
    app.request
      .post('/api/admin/login')
      .set('Origin', ORIGIN)
      .set('X-Forwarded-For', forwardedFor)
      .send({ username, password: 'wrong-password' });

  it('a rotating X-Forwarded-For from an untrusted peer shares one contact limit', async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: UNTRUSTED, CONTACT_RATE_LIMIT: '3' } });
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await contactFrom(t, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('behind a listed proxy each forwarded client has its own contact limit', async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: TRUSTED, CONTACT_RATE_LIMIT: '3' } });
    const rotating = [];
    for (let i = 1; i <= 4; i += 1) rotating.push((await contactFrom(t, `203.0.113.${i}`)).status);
    expect(rotating).toEqual([201, 201, 201, 201]);
    const same = [];
    for (let i = 1; i <= 4; i += 1) same.push((await contactFrom(t, '198.51.100.7')).status);
    expect(same).toEqual([201, 201, 201, 429]);
  });

  it('a rotating X-Forwarded-For from an untrusted peer does not escape the login address lock', async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: UNTRUSTED } });
    for (let i = 1; i <= ADDRESS_MAX_FAILURES; i += 1) expect((await loginFrom(t, `203.0.113.${i}`, `user${i}`)).status).toBe(401);
    expect((await loginFrom(t, '203.0.113.200', 'another-user')).status).toBe(429);
  });

  it("behind a listed proxy the lock holds the forwarded address, not the proxy's", async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: TRUSTED } });
    for (let i = 1; i <= ADDRESS_MAX_FAILURES; i += 1) expect((await loginFrom(t, '203.0.113.50', `user${i}`)).status).toBe(401);
    expect((await loginFrom(t, '203.0.113.50', 'another-user')).status).toBe(429);
    expect((await loginFrom(t, '203.0.113.51', 'a-third-user')).status).toBe(401);
  });
});
