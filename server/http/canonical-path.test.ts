import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { redirectToCanonicalPath } from './canonical-path.ts';

/** An app that answers 200 with the path it reached, behind the redirect under these route policies. */
function appWith(secretPaths: RegExp) {
  const app = express();
  app.use(
    redirectToCanonicalPath({ '/privacy': '/privacy-policy' }, async (pathname) => ({ secretInAddress: secretPaths.test(pathname) })),
  );
  app.use((req, res) => void res.send(req.path));
  return supertest(app);
}

describe('redirectToCanonicalPath under the routes’ policies', () => {
  const request = appWith(/^\/(listen|book)\/./);

  it('keeps the case of an address whose route says it holds a secret', async () => {
    for (const path of ['/listen/AbC-1', '/book/cancel/AbC-1', '/book/Cancl/AbC-1/']) {
      const res = await request.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe(path);
    }
  });

  it('folds every other page path, and aliases', async () => {
    expect((await request.get('/About/?x=1')).headers.location).toBe('/about?x=1');
    expect((await request.get('/Privacy')).headers.location).toBe('/privacy-policy');
    expect((await request.get('/LISTEN/AbC')).headers.location).toBe('/listen/abc');
  });

  it('asks the routes nothing for a path already canonical or outside the pages', async () => {
    let asked = 0;
    const app = express();
    app.use(
      redirectToCanonicalPath({}, async () => {
        asked += 1;
        return { secretInAddress: false };
      }),
    );
    app.use((_req, res) => void res.send('ok'));
    await supertest(app).get('/about');
    await supertest(app).get('/api/Samples');
    expect(asked).toBe(0);
  });
});
