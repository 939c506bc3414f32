import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './auth/admin-users.ts';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { testDialects } from './test-support/services.ts';

// Production page handling on a stand-in build (`/` lists the sample titles, with one inline script).
const pages = { kind: 'production', buildDir: path.join(import.meta.dirname, 'test-support', 'page-build') } as const;
const ORIGIN = 'http://localhost:3000';
const OWNER = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };

async function ownerCookie(t: TestApp): Promise<string> {
  await createAdmin(t.services.db, OWNER);
  const res = await t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username: OWNER.username, password: OWNER.password });
  return (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
}

const addSample = (t: TestApp, cookie: string, title: string) =>
  t.request
    .post('/api/samples')
    .set({ Cookie: cookie, Origin: ORIGIN })
    .send({ title, audioUrl: 'https://cdn.example.com/a.mp3' })
    .expect(201);

describe.each(testDialects())('public answers on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { pages });
    cookie = await ownerCookie(t);
    await addSample(t, cookie, 'First song');
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every visitor the same bytes and ETag, and a 304 to one who has them', async () => {
    const first = await t.request.get('/').set('Accept-Encoding', 'identity');
    const second = await t.request.get('/').set('Accept-Encoding', 'identity');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');

    const revalidated = await t.request.get('/').set('If-None-Match', first.headers.etag!);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers['cache-control']).toBe(first.headers['cache-control']);
  });

  it('serves a URL with a query string from the page\u2019s one copy (unknown paths: not-found-page.test.ts)', async () => {
    const page = await t.request.get('/');
    const tagged = await t.request.get('/?utm_source=newsletter&x=1');
    expect(tagged.headers['x-page-cache']).toBe('hit');
    expect(tagged.headers.etag).toBe(page.headers.etag);
  });

  it('allows the page\u2019s inline script by its hash, with no nonce anywhere', async () => {
    const page = await t.request.get('/');
    const policy = page.headers['content-security-policy']!;
    const script = /<script>([^<]*)<\/script>/.exec(page.text)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}' 'strict-dynamic'`);
    expect(policy).not.toContain('nonce-');
    // Nothing on a shared page compiles WebAssembly (only the uploader does, on the owner's and clients' pages).
    expect(policy).not.toContain('wasm-unsafe-eval');
    expect(policy.split('; ').find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(page.text).not.toContain('nonce=');
  });

  it('sends brotli or gzip made ahead, each with its own ETag of the same version', async () => {
    const br = await t.request.get('/').set('Accept-Encoding', 'gzip, br');
    const gz = await t.request.get('/').set('Accept-Encoding', 'gzip');
    // The stand-in page is small; the sample list below is large enough to be compressed.
    expect(br.headers.etag?.replace(/-br"$/, '"')).toBe(gz.headers.etag?.replace(/-gzip"$/, '"'));
  });

  it('gives a page a new ETag when the owner changes what it shows, and the old ETag no 304', async () => {
    const before = await t.request.get('/');
    await addSample(t, cookie, 'Second song');
    const after = await t.request.get('/').set('If-None-Match', before.headers.etag!);
    expect(after.status).toBe(200);
    expect(after.text).toContain('<li>Second song</li>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('marks a page for someone with a session as theirs alone, never from the shared copy', async () => {
    await t.request.get('/');
    const personal = await t.request.get('/').set('Cookie', cookie);
    expect(personal.headers['x-page-cache']).toBeUndefined();
    expect(personal.headers['cache-control']).toBe('private, no-store');
    expect(personal.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'wasm-unsafe-eval' 'strict-dynamic'/);
  });

  it('serves the shared page to a junk or forged session cookie, without rendering it again', async () => {
    await t.request.get('/');
    for (const junk of ['studio.sid=junk', 'studio.client=junk', 'studio.sid=abc.forged-signature', '__Host-studio.sid=x.y']) {
      const page = await t.request.get('/').set('Cookie', junk);
      expect(page.headers['x-page-cache'], junk).toBe('hit');
      expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    }
    // A genuine session is still someone's own.
    expect((await t.request.get('/').set('Cookie', cookie)).headers['x-page-cache']).toBeUndefined();
  });

  it('keeps the shared pages when a visitor\u2019s write succeeds: only the owner\u2019s writes clear them', async () => {
    await t.request.get('/');
    expect((await t.request.get('/')).headers['x-page-cache']).toBe('hit');
    const visitorWrites = [
      t.request.post('/api/admin/logout').set('Origin', ORIGIN),
      t.request.post('/api/portal/sign-out').set('Origin', ORIGIN),
      t.request.post('/api/portal/sign-in').set('Origin', ORIGIN).send({ email: 'nobody@example.com' }),
      t.request.post('/api/admin/forgot-password').set('Origin', ORIGIN).send({ email: 'nobody@example.com' }),
    ];
    for (const write of visitorWrites) expect((await write).status).toBeLessThan(300);
    expect((await t.request.get('/')).headers['x-page-cache']).toBe('hit');
  });

  it('serialises the public sample list once per change, with an ETag and both encodings', async () => {
    for (let i = 0; i < 12; i += 1) await addSample(t, cookie, `Filler ${i} ${'x'.repeat(60)}`);
    const plain = await t.request.get('/api/samples').set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const titles = (plain.body as Array<{ title: string }>).map((s) => s.title);
    expect(titles).toContain('Second song');
    const again = await t.request.get('/api/samples').set('Accept-Encoding', 'identity');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.text).toBe(plain.text);

    const br = await t.request.get('/api/samples').set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag!.replace(/"$/, '-br"'));
    expect((await t.request.get('/api/samples').set('If-None-Match', br.headers.etag!)).status).toBe(304);

    await addSample(t, cookie, 'Third song');
    const changed = await t.request.get('/api/samples').set('If-None-Match', plain.headers.etag!);
    expect(changed.status).toBe(200);
    expect((changed.body as Array<{ title: string }>).map((s) => s.title)).toContain('Third song');
  });
});
