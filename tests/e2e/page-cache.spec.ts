import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

const nonceOf = (header: string) => header.match(/'nonce-([^']+)'/)?.[1];
const formTokenOf = (html: string) =>
  html.match(/name="formToken" value="([^"]+)"/)?.[1] ?? html.match(/"contactFormToken","([^"]+)"/)?.[1];

test.describe('page cache', () => {
  test('a cached page still gets its own CSP nonce and contact form token on every response', async ({ request }) => {
    await request.get('/contact');
    const first = await request.get('/contact');
    const second = await request.get('/contact');
    expect(second.headers()['x-page-cache']).toBe('hit');
    const [htmlA, htmlB] = [await first.text(), await second.text()];
    const [nonceA, nonceB] = [nonceOf(first.headers()['content-security-policy']), nonceOf(second.headers()['content-security-policy'])];
    expect(nonceA).toBeTruthy();
    expect(nonceA).not.toBe(nonceB);
    // Every script carries this response's nonce, and no placeholder leaks.
    expect(htmlB).toContain(`nonce="${nonceB}"`);
    expect(htmlB).not.toContain(`nonce="${nonceA}"`);
    expect(htmlB).not.toMatch(/\bph[0-9a-f]{24}\b/);
    const [tokenA, tokenB] = [formTokenOf(htmlA), formTokenOf(htmlB)];
    expect(tokenA).toMatch(/^\d+\.[\w-]{32}$/);
    expect(tokenB).toMatch(/^\d+\.[\w-]{32}$/);
  });

  test('a write clears it, and a signed-in admin never gets the visitors\u2019 copy', async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
    try {
      await api.get('/samples');
      expect((await api.get('/samples')).headers()['x-page-cache']).toBe('hit');
      const login = await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
      expect(login.ok()).toBe(true);
      const asAdmin = await api.get('/samples');
      expect(asAdmin.headers()['x-page-cache']).toBeUndefined();
      expect(await asAdmin.text()).toContain('href="/manage"');
      await api.post('/api/admin/logout');
      // The login and logout were writes: the next visitor page is rendered afresh.
      expect((await api.get('/samples')).headers()['x-page-cache']).toBe('miss');
    } finally {
      await api.dispose();
    }
  });
});
