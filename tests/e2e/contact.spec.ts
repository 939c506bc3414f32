import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { mailContaining } from './outbox';
import { gotoHydrated } from './support';
import { contactSuccessMessage } from '#app/content/contact-form.ts';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';

// The reply time is the owner's (studio.responseHours); a fresh site promises the brief's.
const SUCCESS_TEXT = contactSuccessMessage(DEFAULT_STUDIO.responseHours);
/** The server treats a form sent sooner than 2 s after rendering as a bot (and keeps it in the spam folder, without e-mails). */
const HUMAN_FILL_MS = 2200;

async function expectOwnerMail(marker: string, visitorEmail: string) {
  await expect.poll(() => mailContaining(marker), { timeout: 10_000 }).toBeTruthy();
  const mail = mailContaining(marker)!;
  expect(mail.replyTo).toBe(visitorEmail);
  expect(mail.to).toMatch(/@/);
  expect(mail.subject).toContain('New consultation request from');
}

const form = (page: Page) => page.locator('#contact-form');

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the form alone (with its errors showing): the rest of the page has its own checks. */
async function expectNoSeriousFormViolations(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: string, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null }> }> };
      }
    ).axe;
    return (await axe.run('#contact-form', { resultTypes: ['violations'] })).violations;
  });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

async function fillValid(page: Page, marker: string, email: string) {
  const contact = form(page);
  await contact.getByLabel('Name').fill('Ada Lovelace');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Phone (optional)').fill('+1 404 555 0100');
  await contact.getByLabel('Message').fill(`Please mix and master my single. Reference ${marker}.`);
}

test.describe('contact form with JavaScript', () => {
  for (const start of ['/', '/contact']) {
    test(`sends a message from ${start}, clears the form and e-mails the owner`, async ({ page }) => {
      // The journey is the JavaScript one: on a busy machine the larger home page may hydrate after the fields are filled.
      await gotoHydrated(page, start === '/' ? '/#contact' : start);
      const marker = `js-${start === '/' ? 'home' : 'contact'}-${Date.now()}`;
      const email = `${marker}@example.com`;
      await fillValid(page, marker, email);
      await page.waitForTimeout(HUMAN_FILL_MS);

      // The request is held until the sending state has been seen (a fixed hold could end first on a busy machine).
      let release = () => {};
      const seen = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/contact', async (route) => {
        await seen;
        await route.continue();
      });
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      try {
        await expect(form(page).getByRole('button', { name: 'Sending...' })).toBeDisabled();
      } finally {
        release();
      }

      const toast = page.getByRole('status').filter({ hasText: 'Success!' });
      await expect(toast).toContainText(SUCCESS_TEXT);
      await expect(form(page).getByLabel('Name')).toHaveValue('');
      await expect(form(page).getByLabel('Message')).toHaveValue('');
      await expect(form(page).getByRole('button', { name: 'Send Message' })).toBeEnabled();
      await expectOwnerMail(marker, email);
    });
  }

  test('shows every validation message next to its field and focuses the first invalid one', async ({ page }) => {
    // Before the form's island has started, the same press is a plain post the server answers (islands.spec.ts).
    await gotoHydrated(page, '/contact');
    const contact = form(page);
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(contact.getByText('Name is required')).toBeVisible();
    await expect(contact.getByText('Email is required')).toBeVisible();
    await expect(contact.getByText('Message is required')).toBeVisible();
    const name = contact.getByLabel('Name');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(contact.getByRole('alert')).toHaveCount(3);

    await name.fill('A');
    await contact.getByLabel('Email').fill('not-an-address');
    await contact.getByLabel('Message').fill('Too short');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(contact.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(contact.getByText('Please enter a valid email address')).toBeVisible();
    await expect(contact.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(name).toBeFocused();
    await expectNoSeriousFormViolations(page);

    // Fixing a field clears its message as the visitor types.
    await name.fill('Ada');
    await expect(contact.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a refused submission shows the Error toast with the server message and keeps the input', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await fillValid(page, 'refused', 'refused@example.com');
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '600' },
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Too many messages from your connection. Please try again in 10 minutes.' }),
      }),
    );
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Error' });
    await expect(toast).toContainText('Too many messages from your connection. Please try again in 10 minutes.');
    await expect(form(page).getByLabel('Name')).toHaveValue('Ada Lovelace');

    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Error' })).toContainText('Failed to submit form. Please try again.');
    await expect(form(page).getByLabel('Email')).toHaveValue('refused@example.com');
  });
});

test.describe('contact form without JavaScript', () => {
  for (const start of ['/', '/contact']) {
    test(`posts to the ${start} page, which answers with the errors or the confirmation`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(start);
        const contact = form(page);
        await contact.getByLabel('Name').fill('A');
        await contact.getByLabel('Email').fill('nope');
        await contact.getByRole('button', { name: 'Send Message' }).click();
        await expect(contact.getByText('Name must be at least 2 characters')).toBeVisible();
        await expect(contact.getByText('Please enter a valid email address')).toBeVisible();
        await expect(contact.getByText('Message is required')).toBeVisible();
        await expect(contact.getByLabel('Email')).toHaveValue('nope');
        await expect(contact.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
        expect(new URL(page.url()).hash).toBe('#contact-form');

        const marker = `nojs-${start === '/' ? 'home' : 'contact'}-${Date.now()}`;
        const email = `${marker}@example.com`;
        await fillValid(page, marker, email);
        await page.waitForTimeout(HUMAN_FILL_MS);
        await contact.getByRole('button', { name: 'Send Message' }).click();
        await expect(contact.getByRole('status')).toContainText('Success!');
        await expect(contact.getByRole('status')).toContainText(SUCCESS_TEXT);
        await expect(contact.getByLabel('Name')).toHaveValue('');
        await expectOwnerMail(marker, email);
      } finally {
        await context.close();
      }
    });
  }
});
