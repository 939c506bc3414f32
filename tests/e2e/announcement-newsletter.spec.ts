import { expect, test, type Page } from '@playwright/test';
import { latestMailTo } from './outbox';
import { openDashboard, openSection, restoreOriginalContent, saveSection } from './site-editor-support';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A calendar day in the studio's zone (the seeded hours are New York's), `days` from today. */
function studioDay(days: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

test.afterAll(({ playwright, baseURL }) => restoreOriginalContent({ playwright, baseURL }, ['announcement', 'newsletter']));

/*
 * Issue 44: the owner turns on an announcement for a week and the newsletter; a visitor sees the bar,
 * signs up in the footer, confirms from the e-mail and leaves again in one click.
 */
test('the owner announces a week and opens the newsletter; a visitor signs up, confirms and unsubscribes', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openDashboard(page);
  await openSection(page, 'Announcement bar');
  await page.getByLabel('Announcement text', { exact: true }).fill('Holiday week: 20% off mastering');
  await page.getByLabel('Link (optional)', { exact: true }).fill('/book');
  await page.getByLabel('First day', { exact: true }).fill(studioDay(0));
  await page.getByLabel('Last day', { exact: true }).fill(studioDay(6));
  await saveSection(page, 'Announcement bar');

  await openSection(page, 'Newsletter');
  await page.getByLabel('Show the sign-up in the footer of public pages', { exact: true }).check();
  await page.getByLabel('Heading', { exact: true }).fill('Hear it first');
  await saveSection(page, 'Newsletter');
  // (The section forms' axe walk is site-editor.spec.ts's, which lists these two sections.)
  await expect(page.getByTestId('newsletter-count')).toHaveText(/^\d+ confirmed address(es)?, \d+ waiting to confirm\.$/);

  // A visitor, with no cookie of the owner's.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const bar = visitor.getByRole('complementary', { name: 'Announcement' });
  await expect(bar.getByRole('link', { name: /Holiday week: 20% off mastering/ })).toHaveAttribute('href', '/book');
  // Above the header, in the flow: the sticky header still starts right below it.
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y).toBe(0);
  await expectNoSeriousA11yViolations(visitor);
  await shoot(visitor, 'announcement-home');

  const footer = visitor.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'Hear it first' })).toBeVisible();
  const address = `fan-${Date.now()}@example.test`;
  const since = Date.now() - 1000;
  await footer.getByLabel('E-mail address', { exact: true }).fill(address);
  await footer.getByRole('button', { name: 'Notify me' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await shoot(visitor, 'newsletter-answer');

  const mail = await latestMailTo(address, since, /Confirm your sign-up/);
  const confirm = new URL(/https?:\/\/\S+\/newsletter\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]);
  await visitor.goto(confirm.pathname);
  await expect(visitor.getByRole('heading', { level: 1, name: 'You are on the list' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await shoot(visitor, 'newsletter-confirmed');

  await visitor.getByRole('link', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(visitor.getByText(`${address} gets no more e-mail from the list.`)).toBeVisible();
  await visitor.close();

  // The owner's count is back where it was, and the CSV does not list the address.
  const csv = await page.request.get('/api/admin/newsletter.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).not.toContain(address);
});
