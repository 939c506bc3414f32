import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { testWav, uploadAudio } from '#server/test-support/test-audio.ts';

const TOKEN = 'test-metrics-token-0123456789abcdef';

/** One sample's value from the text exposition, or undefined when no line carries exactly these labels. */
function sampleValue(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of body.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ? (match[2].match(/\w+="[^"]*"/g) ?? []) : []).sort();
    if (found.length === wanted.length && found.every((pair, index) => pair === wanted[index])) return Number(match[3]);
  }
  return undefined;
}

describe.each(testDialects())('GET /metrics on %s', (dialect) => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.request.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return res.text;
  };
  const requestCount = async (labels: Record<string, string>) => sampleValue(await scrape(), 'studio_http_requests_total', labels) ?? 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { asAdmin: true, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 with a Bearer challenge without the right token', async () => {
    const attempts = [
      t.request.get('/metrics'),
      t.request.get('/metrics').set('Authorization', 'Bearer wrong-token-of-some-length'),
      t.request.get('/metrics').set('Authorization', `Bearer ${TOKEN}x`),
      t.request.get('/metrics').set('Authorization', `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`),
      t.request.get('/metrics').set('Authorization', TOKEN),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(res.text).not.toContain('studio_');
    }
  });

  it('serves the Prometheus text format, never to be cached', async () => {
    const res = await t.request.get('/metrics').set('Authorization', `bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('exposes every family by name', async () => {
    const body = await scrape();
    for (const [name, type] of [
      ['studio_http_requests_total', 'counter'],
      ['studio_http_request_duration_seconds', 'histogram'],
      ['studio_db_pool_connections', 'gauge'],
      ['studio_analysis_queue_depth', 'gauge'],
      ['studio_contact_notices_unsent', 'gauge'],
      ['studio_upload_received_bytes_total', 'counter'],
      ['studio_audio_registered_bytes_total', 'counter'],
      ['studio_process_cpu_seconds_total', 'counter'],
      ['studio_process_resident_memory_bytes', 'gauge'],
      ['studio_nodejs_eventloop_lag_seconds', 'gauge'],
      ['studio_nodejs_heap_size_used_bytes', 'gauge'],
    ]) {
      expect(body, name).toContain(`# TYPE ${name} ${type}\n`);
    }
    expect(sampleValue(body, 'studio_analysis_queue_depth')).toBe(0);
  });

  it('reports the database pool', async () => {
    const body = await scrape();
    if (dialect === 'sqlite') {
      expect(sampleValue(body, 'studio_db_pool_connections', { state: 'total' })).toBe(1);
      expect(sampleValue(body, 'studio_db_pool_connections', { state: 'idle' })).toBeUndefined();
    } else {
      const total = sampleValue(body, 'studio_db_pool_connections', { state: 'total' });
      expect(total).toBeGreaterThanOrEqual(1);
      // Idle connections are some of the pool's, never more (the scrape itself holds none).
      expect(sampleValue(body, 'studio_db_pool_connections', { state: 'idle' })).toBeTypeOf('number');
      expect(sampleValue(body, 'studio_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total!);
      expect(sampleValue(body, 'studio_db_pool_connections', { state: 'waiting' })).toBe(0);
    }
  });

  it('counts requests by method, route pattern and status', async () => {
    const list = { method: 'GET', route: 'api:/samples', status: '200' };
    const before = await requestCount(list);
    await t.request.get('/api/samples').expect(200);
    await t.request.get('/api/samples?page=2').expect(200);
    expect(await requestCount(list)).toBe(before + 2);

    const missingSample = { method: 'DELETE', route: 'api:/samples/:id', status: '404' };
    const unknownApi = { method: 'GET', route: 'api:unmatched', status: '404' };
    const unknownPage = { method: 'GET', route: 'page', status: '404' };
    const counts = await Promise.all([missingSample, unknownApi, unknownPage].map(requestCount));
    await t.request.delete('/api/samples/987654').expect(404);
    await t.request.get('/api/no-such-thing-7f3a').expect(404);
    await t.request.get('/no-such-page-7f3a').expect(404);
    expect(await Promise.all([missingSample, unknownApi, unknownPage].map(requestCount))).toEqual(counts.map((count) => count + 1));

    const body = await scrape();
    expect(sampleValue(body, 'studio_http_request_duration_seconds_count', list)).toBe(before + 2);
    // Labels name routes, never the URL someone typed.
    expect(body).not.toContain('7f3a');
    expect(body).not.toContain('987654');
  });

  it('does not count its own scrapes, but counts refused ones', async () => {
    const refused = { method: 'GET', route: '/metrics', status: '401' };
    const before = await scrape();
    await scrape();
    await t.request.get('/metrics').expect(401);
    const after = await scrape();
    expect(sampleValue(after, 'studio_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeUndefined();
    expect(sampleValue(after, 'studio_http_requests_total', refused)).toBe(
      (sampleValue(before, 'studio_http_requests_total', refused) ?? 0) + 1,
    );
  });

  it('adds the bytes of each upload', async () => {
    const before = await scrape();
    const wav = testWav();
    await uploadAudio(t, wav);
    const after = await scrape();
    for (const name of ['studio_upload_received_bytes_total', 'studio_audio_registered_bytes_total']) {
      expect(sampleValue(after, name), name).toBe(sampleValue(before, name)! + wav.length);
    }
  });

  it('reports unsent contact notices as the e-mail backlog', async () => {
    expect(sampleValue(await scrape(), 'studio_contact_notices_unsent')).toBe(0);
    const now = new Date().toISOString();
    const submission = await t.services.db
      .insertInto('contactSubmissions')
      .values({ name: 'Ada', email: 'ada@example.com', phone: null, message: 'Hello there', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notice = await t.services.db
      .insertInto('contactNotices')
      .values({ submissionId: submission.id, lastError: 'mail server down', sentAt: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(sampleValue(await scrape(), 'studio_contact_notices_unsent')).toBe(1);
    await t.services.db.updateTable('contactNotices').set({ sentAt: now }).where('id', '=', notice.id).execute();
    expect(sampleValue(await scrape(), 'studio_contact_notices_unsent')).toBe(0);
  });
});

describe.each(testDialects())('without METRICS_TOKEN on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /metrics like any unknown path', async () => {
    const unknown = await t.request.get('/no-such-page');
    const metrics = await t.request.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(metrics.status).toBe(404);
    expect(metrics.status).toBe(unknown.status);
    expect(metrics.headers['www-authenticate']).toBeUndefined();
    expect(metrics.text).not.toContain('studio_');
  });
});
