import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openDashboard, restoreOriginalContent, toast } from './site-editor-support';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

const SECTION_NAMES = [
  'Studio',
  'Packages & prices',
  'About',
  'Testimonials',
  'FAQ',
  'Policies',
  'Home hero',
  'Brand',
  'Process',
  'Home page',
  'Services',
  'Service agreement',
  'Announcement bar',
  'Newsletter',
] as const;
type SectionName = (typeof SECTION_NAMES)[number];

// One journey after another on the shared server; each is long (a section per step), so each gets more time.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const sectionButton = (page: Page, name: SectionName) =>
  page.getByRole('navigation', { name: 'Site sections' }).getByRole('button', { name, exact: true });

async function openSection(page: Page, name: SectionName) {
  if (!(await page.getByRole('navigation', { name: 'Site sections' }).isVisible())) {
    await page.getByRole('tab', { name: 'Site', exact: true }).click();
  }
  await sectionButton(page, name).click();
  await expect(sectionButton(page, name)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible({ timeout: 20_000 });
}

async function saveSection(page: Page, name: SectionName) {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText(`${name} saved`);
  await expect(page.getByText('All changes saved')).toBeVisible();
}

/** Every spec shares one e2e server: put every section back to the defaults so later journeys see the site as seeded. */
test.afterAll(({ playwright, baseURL }) => restoreOriginalContent({ playwright, baseURL }));

test('the owner renames the studio, sets hours, reorders packages, introduces the founder, adds social links and a question', async ({
  page,
}) => {
  await openDashboard(page);
  await openSection(page, 'Studio');

  await page.getByLabel('Studio name', { exact: true }).fill('Northside Sound Lab');
  await page.getByLabel('Saturday open', { exact: true }).check();
  await page.getByLabel('Saturday opens', { exact: true }).fill('10:00');
  await page.getByLabel('Saturday closes', { exact: true }).fill('16:00');
  await expect(page.getByTestId('hours-preview')).toHaveText('Mon-Fri 9:00 AM-7:00 PM, Sat 10:00 AM-4:00 PM ET');

  await page.getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByLabel('Profile 1 label', { exact: true })).toBeFocused();
  await page.getByLabel('Profile 1 label', { exact: true }).fill('Instagram');
  await page.getByLabel('Profile 1 address', { exact: true }).fill('https://www.instagram.com/northsidesound');
  await expect(page.getByText('Recognised as: Instagram')).toBeVisible();
  await page.getByRole('button', { name: 'Add profile' }).click();
  await page.getByLabel('Profile 2 label', { exact: true }).fill('YouTube');
  await page.getByLabel('Profile 2 address', { exact: true }).fill('https://youtube.com/@northsidesound');
  await saveSection(page, 'Studio');
  await expect(page.getByTestId('checklist-studio')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('checklist-social')).toHaveAttribute('data-done', 'true');

  await openSection(page, 'Packages & prices');
  await page.getByLabel('Premium Package price', { exact: true }).fill('325');
  await page.getByRole('button', { name: 'Move package 3 up' }).click();
  await expect(page.getByRole('button', { name: 'Move package 2 up' })).toBeFocused();
  await saveSection(page, 'Packages & prices');
  await expect(page.getByTestId('checklist-prices')).toHaveAttribute('data-done', 'true');

  await openSection(page, 'About');
  await page.getByLabel('Founder name', { exact: true }).fill('Dana Reyes');
  const photo = await sharp({ create: { width: 480, height: 600, channels: 3, background: { r: 190, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Founder photo: choose an image file', { exact: true })
    .setInputFiles({ name: 'dana.png', mimeType: 'image/png', buffer: photo });
  await expect(toast(page)).toContainText('Uploaded');
  await page.getByLabel('Founder photo: description', { exact: true }).fill('Dana Reyes at the mixing desk');
  await expect(page.getByRole('img', { name: 'Preview: Dana Reyes at the mixing desk' })).toBeVisible();
  await saveSection(page, 'About');
  await expect(page.getByTestId('checklist-founder')).toHaveAttribute('data-done', 'true');

  await openSection(page, 'FAQ');
  const questions = await page.getByLabel(/^Question \d+$/).count();
  await page.getByRole('button', { name: 'Add question' }).click();
  const added = questions + 1;
  await expect(page.getByLabel(`Question ${added}`, { exact: true })).toBeFocused();
  await page.getByLabel(`Question ${added}`, { exact: true }).fill('Do you offer stem mastering?');
  await page.getByLabel(`Answer ${added}`, { exact: true }).fill('Yes: send the stems and we master them together.');
  await saveSection(page, 'FAQ');

  // What was saved is what a reload shows.
  await page.reload();
  await openSection(page, 'Studio');
  await expect(page.getByLabel('Studio name', { exact: true })).toHaveValue('Northside Sound Lab');
  await expect(page.getByLabel('Profile 2 address', { exact: true })).toHaveValue('https://youtube.com/@northsidesound');
});

test('the forms show field problems at once and refuse to save them', async ({ page }) => {
  await openDashboard(page);
  await openSection(page, 'Studio');
  await page.getByLabel('Studio name', { exact: true }).fill('');
  await expect(page.getByText('Studio name is required')).toBeVisible();
  await page.getByLabel('Monday open', { exact: true }).check();
  await page.getByLabel('Monday closes', { exact: true }).fill('08:00');
  await expect(page.getByText('Closing time must be after opening time')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('Please correct the highlighted fields');
  const summary = page.getByRole('alert').filter({ hasText: 'Not saved: please correct these 2 fields' });
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: 'Studio name is required' }).click();
  await expect(page.getByLabel('Studio name', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByLabel('Studio name', { exact: true })).toHaveValue('Northside Sound Lab');
});

test('lists reorder and remove with buttons, and focus follows the row', async ({ page }) => {
  await openDashboard(page);
  await openSection(page, 'FAQ');
  const first = await page.getByLabel('Question 1', { exact: true }).inputValue();
  const second = await page.getByLabel('Question 2', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(page.getByLabel('Question 1', { exact: true })).toHaveValue(second);
  await expect(page.getByRole('button', { name: 'Move question 1 down' })).toBeFocused();
  await page.getByRole('button', { name: 'Remove question 1' }).click();
  await expect(page.getByLabel('Question 1', { exact: true })).toHaveValue(first);
  await expect(page.getByLabel('Question 1', { exact: true })).toBeFocused();

  // Leaving a section with unsaved edits asks first.
  await sectionButton(page, 'About').click();
  const leave = page.getByRole('alertdialog', { name: 'Leave FAQ without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByLabel('Question 1', { exact: true })).toHaveValue(first);
  await sectionButton(page, 'About').click();
  await leave.getByRole('button', { name: /Discard changes/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'About', exact: true })).toBeVisible();
  await openSection(page, 'FAQ');
  await expect(page.getByLabel('Question 2', { exact: true })).toHaveValue(second);
});

test('restoring the previous version of a section brings its values back', async ({ page }) => {
  await openDashboard(page);
  await openSection(page, 'Studio');
  await page.getByLabel('Studio name', { exact: true }).fill('A Name To Regret');
  await saveSection(page, 'Studio');
  const version = Number((await page.getByTestId('section-version').textContent())?.match(/Version (\d+)/)?.[1]);

  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Studio history' });
  await expect(history.getByText(`Version ${version}`, { exact: false }).first()).toBeVisible();
  await history.getByRole('button', { name: `View version ${version - 1}` }).click();
  // What that version changed, in words; every field stays one disclosure away.
  await expect(history.getByRole('listitem').filter({ hasText: /^Name: .* → “Northside Sound Lab”$/ })).toBeVisible();
  await history.getByText(`Every field of version ${version - 1}`).click();
  await expect(history.getByText('Northside Sound Lab', { exact: true })).toBeVisible();
  await history.getByRole('button', { name: `Restore version ${version - 1}` }).click();
  await history.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(history).toBeHidden();
  await expect(toast(page)).toContainText(`Studio is back to version ${version - 1}, saved as version ${version + 1}`);
  await expect(page.getByLabel('Studio name', { exact: true })).toHaveValue('Northside Sound Lab');
  await expect(page.getByTestId('section-version')).toContainText(`Version ${version + 1}`);
});

test('the owner words the service agreement: its preview fills the packages, the plan stays for each proposal', async ({ page }) => {
  await openDashboard(page);
  await openSection(page, 'Service agreement');
  const text = page.getByLabel('Agreement text', { exact: true });
  await expect(text).toHaveValue(/\{\{plan\.terms\}\}/);
  await text.fill(
    '## Revisions\n\nYou get {{packages.revisions}}.\n\n## Payment\n\n{{plan.terms}}\n\nFiles stay {{files.retentionDays}} days.',
  );
  const preview = page.getByRole('region', { name: 'Agreement text: preview' });
  await expect(preview).toContainText('Files stay 30 days.');
  await expect(preview).not.toContainText('{{packages.revisions}}');
  await expect(preview).toContainText('{{plan.terms}}');
  await expect(page.getByText('Payment plan (each proposal’s own)')).toBeVisible();
  await saveSection(page, 'Service agreement');
  await page.reload();
  await openSection(page, 'Service agreement');
  await expect(page.getByLabel('Agreement text', { exact: true })).toHaveValue(/^## Revisions\n\nYou get \{\{packages\.revisions\}\}\./);
});

test('two tabs editing the same section: the later save is told another tab saved first', async ({ page, context }) => {
  await openDashboard(page);
  const other = await context.newPage();
  await openDashboard(other);
  await openSection(page, 'Home hero');
  await openSection(other, 'Home hero');

  await page.getByLabel('Headline', { exact: true }).fill('Mixed in tab one');
  await saveSection(page, 'Home hero');

  await other.getByLabel('Headline', { exact: true }).fill('Mixed in tab two');
  await other.getByRole('button', { name: 'Save changes' }).click();
  const notice = other.getByRole('alert').filter({ hasText: 'Another tab or admin saved Home hero first' });
  await expect(notice).toBeVisible();
  await expect(other.getByLabel('Headline', { exact: true })).toHaveValue('Mixed in tab two');

  await notice.getByRole('button', { name: 'Load the newer version' }).click();
  await expect(other.getByLabel('Headline', { exact: true })).toHaveValue('Mixed in tab one');
  await expect(notice).toBeHidden();
  await other.close();
});

test('every section form is clean for axe, on a phone and on a desktop', async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await openDashboard(page);
    for (const name of SECTION_NAMES) {
      await openSection(page, name);
      await expectNoSeriousA11yViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/site-${name.replace(/\W+/g, '-').toLowerCase()}-${width}.png`, fullPage: true });
    }
  }
});
