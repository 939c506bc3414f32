import express from 'express';
import pino from 'pino';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './errors.ts';

const unavailable = { matches: (error: unknown) => (error as { code?: string }).code === 'ECONNREFUSED', retryAfterSeconds: 5 };

/** An app whose every route fails as a lost database connection does. */
function failingApp() {
  const app = express();
  app.use(() => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.use(errorHandler(pino({ level: 'silent' }), unavailable));
  return supertest(app);
}

describe('errorHandler with the database unavailable', () => {
  it('answers the API 503 with Retry-After and a JSON message', async () => {
    const res = await failingApp().get('/api/samples');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ message: 'The site cannot reach its database right now. Please try again in a moment.' });
  });

  it('answers a browser asking for a page with a small page in the site\u2019s name', async () => {
    const res = await failingApp().get('/samples').set('Accept', 'text/html');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<h1>Back in a moment</h1>');
    expect(res.text).toContain('ATL Audio Mastering');
    expect(res.text).not.toMatch(/ECONNREFUSED|5432/);
  });

  it('keeps any other unexpected error a generic 500', async () => {
    const app = express();
    app.use(() => {
      throw new Error('a bug');
    });
    app.use(errorHandler(pino({ level: 'silent' }), unavailable));
    const res = await supertest(app).get('/api/x');
    expect(res.status).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
