import { expect, test } from '@playwright/test';
import { latestMailTo, ownerApi } from './outbox';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

/**
 * The HTML part of a real message, as a mail app shows it: axe in Chromium (which computes contrast,
 * unlike a DOM without layout) at a phone's width and a desktop's, in light and dark mode. The
 * validator's side is server/email/html-validity.test.ts.
 */
test("a client's invitation reads well as HTML: axe passes at 390 and 1440 px, light and dark", async ({ page, playwright, baseURL }) => {
  const clientEmail = `html-mail-${Date.now()}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'HTML Mail', clientName: 'Hana Mail', clientEmail, packageKey: 'standard' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${id}/invite`)).status()).toBe(202);
  const mail = await latestMailTo(clientEmail, invitedAt, /project space/);
  expect(mail.html, 'the invitation has an HTML part').toBeTruthy();

  await page.setContent(mail.html!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mail.subject);
  // The sign-in link is a button that says what it does; the token is never its text.
  const signIn = page.getByRole('link', { name: /sign in/i });
  await expect(signIn).toHaveAttribute('href', /\/portal\/auth\?token=/);
  await expect(page.getByText(/token=/)).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/email-invitation-${colorScheme}-${width}.png`, fullPage: true });
    }
  }
  await owner.dispose();
});
