import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

/** Signs in through the API as the owner does in the admin; the context then carries the session. */
async function ownerApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
  return api;
}

interface FaqSection {
  version: number;
  faq: Array<{ question: string; answer: string }>;
}

test.describe('public pages as one shared copy', () => {
  test('two visitors get the same bytes and ETag for the home page, and a revalidation gets a 304', async ({ playwright, baseURL }) => {
    // Two separate clients, as two visitors would be.
    const [a, b] = await Promise.all([playwright.request.newContext({ baseURL }), playwright.request.newContext({ baseURL })]);
    try {
      const first = await a.get('/');
      const second = await b.get('/');
      expect(first.status()).toBe(200);
      expect(await second.text()).toBe(await first.text());
      expect(second.headers().etag).toBe(first.headers().etag);
      expect(first.headers()['cache-control']).toContain('s-maxage=');
      expect(first.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+ 'strict-dynamic'/);
      expect(await first.text()).not.toContain('nonce=');
      const again = await a.get('/', { headers: { 'If-None-Match': first.headers().etag! } });
      expect(again.status()).toBe(304);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });

  test('a change the owner saves in the admin gives the page a new ETag and shows at once', async ({ playwright, baseURL, request }) => {
    const api = await ownerApi(playwright, baseURL!);
    const site = async () => ((await (await api.get('/api/admin/site')).json()) as { faq: FaqSection }).faq;
    const before = await request.get('/contact');
    const question = `Do you master for vinyl? (${Date.now()})`;
    const original = await site();
    try {
      const saved = await api.put('/api/admin/site/faq', {
        data: { version: original.version, faq: [...original.faq, { question, answer: 'Yes, with a dedicated vinyl master.' }] },
      });
      expect(saved.ok()).toBe(true);
      const after = await request.get('/contact', { headers: { 'If-None-Match': before.headers().etag! } });
      expect(after.status()).toBe(200);
      expect(after.headers().etag).not.toBe(before.headers().etag);
      expect(await after.text()).toContain(question);
    } finally {
      const current = await site();
      expect((await api.put('/api/admin/site/faq', { data: { version: current.version, faq: original.faq } })).ok()).toBe(true);
      await api.dispose();
    }
  });

  test('a signed-in admin never gets the visitors\u2019 copy', async ({ playwright, baseURL, request }) => {
    await request.get('/samples');
    expect((await request.get('/samples')).headers()['x-page-cache']).toBe('hit');
    const api = await ownerApi(playwright, baseURL!);
    try {
      const asAdmin = await api.get('/samples');
      expect(asAdmin.headers()['x-page-cache']).toBeUndefined();
      expect(asAdmin.headers()['cache-control']).toBe('private, no-store');
      expect(await asAdmin.text()).toContain('href="/manage"');
      await api.post('/api/admin/logout');
    } finally {
      await api.dispose();
    }
  });

  test('a page from the shared copy hydrates under its hash-based policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const path of ['/', '/contact', '/samples']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    }
    expect(violations).toEqual([]);
  });
});
