import { expect, test, type Page } from '@playwright/test';
import { defaultSiteContent } from '#common/site-content/sections.ts';
import { openDashboard, openSection, restoreOriginalContent, toast } from './site-editor-support';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;
const DRAFT_HEADLINE = 'Mixes that sound finished';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** The shared e2e server: the hero goes back to the defaults and no draft is left for later journeys. */
test.afterAll(({ playwright, baseURL }) => restoreOriginalContent({ playwright, baseURL }, ['hero']));

async function openHeroSection(page: Page) {
  await openDashboard(page);
  await openSection(page, 'Home hero');
}

test('the owner drafts a new headline, previews it alone, then publishes it for everyone', async ({ page, context, browser }) => {
  const visitor = await browser.newPage();
  const published = defaultSiteContent().hero.headline;

  await openHeroSection(page);
  await page.getByLabel('Headline', { exact: true }).fill(DRAFT_HEADLINE);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page)).toContainText('Draft saved');
  const draftRegion = page.getByRole('region', { name: 'Draft' });
  await expect(draftRegion.getByTestId('draft-state')).toContainText('Draft saved');

  // Coming back to the section later, the form opens on the draft and says so.
  await page.reload();
  await openHeroSection(page);
  await expect(page.getByLabel('Headline', { exact: true })).toHaveValue(DRAFT_HEADLINE);
  await expect(draftRegion).toContainText('The form shows your draft');
  if (SHOTS) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await draftRegion.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/draft-editor-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  const [preview] = await Promise.all([context.waitForEvent('page'), draftRegion.getByRole('link', { name: /Preview/ }).click()]);
  const answer = await context.request.get('/?preview=draft');
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(DRAFT_HEADLINE);
  const banner = preview.getByRole('complementary', { name: 'Preview' });
  await expect(banner).toContainText('You are previewing unpublished changes');
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoSeriousA11yViolations(preview);
  if (SHOTS) {
    for (const width of [390, 1440]) {
      await preview.setViewportSize({ width, height: 800 });
      await preview.screenshot({ path: `${SHOTS}/preview-${width}.png` });
    }
  }
  // Following a link keeps the preview; Leave preview ends it.
  await preview.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
  await expect(preview).toHaveURL(/\/about$/);
  await expect(banner).toContainText('You are previewing unpublished changes');
  await banner.getByRole('link', { name: 'Leave preview' }).click();
  await expect(preview).toHaveURL(/\/about$/);
  await expect(banner).toHaveCount(0);
  await preview.goto('/');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(published);
  // The banner's Publish leads to the editor, open on the section with the draft.
  await preview.goto('/?preview=draft');
  await preview.getByRole('complementary', { name: 'Preview' }).getByRole('link', { name: 'Publish' }).click();
  await expect(preview.getByRole('heading', { level: 2, name: 'Home hero', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('region', { name: 'Draft' })).toBeVisible();
  await preview.close();

  // A visitor asking for the preview, after the owner's preview of the same page, sees the published site.
  for (const path of ['/?preview=draft', '/']) {
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(published);
    await expect(visitor.getByText('You are previewing unpublished changes')).toHaveCount(0);
  }

  await draftRegion.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page)).toContainText('Home hero published');
  await expect(draftRegion).toHaveCount(0);
  // The buttons went with the draft: keyboard focus lands on the section, not the top of the page.
  await expect(page.getByRole('heading', { level: 2, name: 'Home hero', exact: true })).toBeFocused();

  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(DRAFT_HEADLINE);
  await visitor.close();
});

test('a discarded draft is gone after a confirmation, and the form shows the published text again', async ({ page }) => {
  await openHeroSection(page);
  const headline = page.getByLabel('Headline', { exact: true });
  const publishedNow = await headline.inputValue();
  await headline.fill('A draft to throw away');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const draftRegion = page.getByRole('region', { name: 'Draft' });
  await draftRegion.getByRole('button', { name: 'Discard draft' }).click();
  const confirm = page.getByRole('alertdialog', { name: /Discard the draft of Home hero/ });
  await confirm.getByRole('button', { name: 'Discard draft' }).click();
  await expect(toast(page)).toContainText('Draft discarded');
  await expect(draftRegion).toHaveCount(0);
  await expect(headline).toHaveValue(publishedNow);
});
