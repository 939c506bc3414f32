import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { FRAME_SOURCES_HEADER } from '#common/embeds.ts';
import { contentSecurityPolicy, cspWithNonce, frameSources } from './security-headers.ts';

const policy = contentSecurityPolicy({ development: false, mediaOrigins: [] });

describe('the frame-src of a page with players (decision 119)', () => {
  it('names only the embed providers’ origins, and is absent without them', () => {
    expect(frameSources('https://open.spotify.com https://evil.example *  https://open.spotify.com')).toEqual(['https://open.spotify.com']);
    expect(policy.withScriptHashes([])).not.toContain('frame-src');
    expect(policy.withScriptHashes([], 'https://player.vimeo.com https://evil.example')).toMatch(
      /; frame-src https:\/\/player\.vimeo\.com$/,
    );
  });

  it('is written into a per-request policy from the page’s header, which never reaches the browser', async () => {
    const app = express();
    app.use(cspWithNonce(policy));
    app.get('/with', (_req, res) => {
      res.append(FRAME_SOURCES_HEADER, 'https://w.soundcloud.com');
      res.send('ok');
    });
    app.get('/without', (_req, res) => res.send('ok'));
    const withPlayer = await supertest(app).get('/with');
    expect(withPlayer.headers['content-security-policy']).toContain("'nonce-");
    expect(withPlayer.headers['content-security-policy']).toContain('; frame-src https://w.soundcloud.com');
    expect(withPlayer.headers[FRAME_SOURCES_HEADER]).toBeUndefined();
    expect((await supertest(app).get('/without')).headers['content-security-policy']).not.toContain('frame-src');
  });
});
