import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { makeSilentMp3, makeWav } from './admin-dashboard-files';
import { expectNoSeriousA11yViolations } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

/** Logs in through the form (never a failed attempt: failures count towards the shared login limit). */
async function openDashboard(page: Page) {
  await page.goto('/manage');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
  if (!(await dashboard.isVisible())) {
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  await expect(dashboard).toBeVisible();
  await expect(page.getByTestId('samples-total')).toHaveText(/^\d+ samples total$/);
}

/**
 * Every spec shares one e2e server: once done, remove the samples this spec created and put the
 * others back in the order they had, so the portfolio journeys see the site as seeded.
 */
let originalOrder: Array<{ id: number; title: string }> = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  originalOrder = ((await (await api.get('/api/samples')).json()) as Array<{ id: number; title: string }>).map(({ id, title }) => ({
    id,
    title,
  }));
  await api.dispose();
});

test.afterAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
  try {
    const login = await api.post('/api/admin/login', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
    expect(login.ok()).toBe(true);
    const now = (await (await api.get('/api/samples')).json()) as Array<{ id: number; title: string }>;
    const keep = new Set(originalOrder.map((sample) => sample.id));
    for (const sample of now.filter((item) => !keep.has(item.id))) {
      expect((await api.delete(`/api/samples/${sample.id}`)).ok()).toBe(true);
    }
    const survivors = originalOrder.filter((sample) => now.some((item) => item.id === sample.id));
    const reorder = await api.put('/api/samples/reorder', {
      data: { sampleOrders: survivors.map((sample, displayOrder) => ({ id: sample.id, displayOrder })) },
    });
    expect(reorder.ok()).toBe(true);
    await api.post('/api/admin/logout');
  } finally {
    await api.dispose();
  }
});

const samplesTotal = async (page: Page) => Number((await page.getByTestId('samples-total').textContent())?.split(' ')[0]);
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notification/ })
    .locator('li')
    .first();
const innerTab = (page: Page, name: 'Upload New' | 'Manage Samples' | 'Reorder') => page.getByRole('tab', { name, exact: true }).click();
const reorderRows = (page: Page) => page.getByTestId('reorder-row');
const rowTitles = (page: Page) => reorderRows(page).locator('p.truncate').allTextContents();
const manageCard = (page: Page, title: string) =>
  page.locator('article', { has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

async function publicOrder(page: Page): Promise<string[]> {
  await page.goto('/samples');
  return page.locator('article h2').allTextContents();
}

/** Gives the file (its upload starts at once), fills the form and creates the sample in one press. */
async function createSample(
  page: Page,
  fields: { title: string; artist?: string; genre?: string },
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await innerTab(page, 'Upload New');
  const before = await samplesTotal(page);
  const create = page.getByRole('button', { name: 'Create Sample' });
  const missing = page.locator('#create-sample-missing');
  // Create says what is missing rather than staying grey.
  await expect(missing).toHaveText('Add a title · Choose an audio file');
  await expect(page.getByLabel('Genre')).toHaveAttribute('placeholder', 'e.g. Hip-Hop, Rock, Pop');
  await expect(page.getByLabel('Duration')).toHaveAttribute('placeholder', 'e.g. 3:45');
  await expect(page.getByRole('button', { name: 'Choose audio file' })).toBeEnabled();

  await page.getByTestId('audio-file-input').setInputFiles(file);
  await expect(toast(page)).toContainText('Upload Complete');
  await expect(toast(page)).toContainText('Audio file uploaded and configured successfully');
  await expect(page.getByText('Audio file uploaded', { exact: true })).toBeVisible();
  // The title came from the file (its name, without tags); the owner writes their own.
  await expect(page.getByLabel('Song Title')).not.toHaveValue('');
  await page.getByLabel('Song Title').fill(fields.title);
  if (fields.artist) await page.getByLabel('Artist').fill(fields.artist);
  if (fields.genre) await page.getByLabel('Genre').fill(fields.genre);
  await expect(missing).toHaveText('');

  await create.click();
  await expect(toast(page)).toContainText('Sample created successfully');
  // The form starts over: fields cleared, uploader reset.
  await expect(page.getByLabel('Song Title')).toHaveValue('');
  await expect(page.getByText('Audio file uploaded', { exact: true })).toHaveCount(0);
  await expect(missing).toHaveText('Add a title · Choose an audio file');
  await expect(page.getByTestId('samples-total')).toHaveText(`${before + 1} samples total`);
}

/** Nothing may stick out of the page's column on a phone: names the elements that do. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const limit = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    return [...main.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > limit + 1 && !element.closest('.uppy-Root, [role="dialog"]'))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
  });
  expect(overflow, overflow.join('\n')).toEqual([]);
}

/** Space lifts the row, ArrowDown moves it one place, Space drops it; each step is announced. */
async function moveDownByKeyboard(page: Page, index: number) {
  const liveRegion = page.locator('[id^="DndLiveRegion"]');
  await reorderRows(page)
    .nth(index)
    .getByRole('button', { name: /^Reorder / })
    .focus();
  await page.keyboard.press('Space');
  await expect(liveRegion).toContainText('Picked up');
  // dnd-kit's keyboard sensor starts listening a tick after the pick-up, so on a busy machine the
  // first ArrowDown can land before it listens and is lost: press again only while nothing moved.
  const moved = `moved to position ${index + 1}`;
  await expect(async () => {
    if (!(await liveRegion.textContent())?.includes(moved)) await page.keyboard.press('ArrowDown');
    await expect(liveRegion).toContainText(moved, { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(liveRegion).toContainText(`dropped at position ${index + 1}`);
}

async function dragBy(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no box');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Small steps: the pointer sensor starts after a few pixels, then follows the pointer.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

test.describe('admin dashboard', () => {
  test.describe.configure({ mode: 'serial' });

  test('the admin bundle (Uppy, dnd-kit) never reaches public pages', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    for (const path of ['/', '/samples', '/contact', '/about']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(3);
    for (const body of scripts) {
      expect(body).not.toContain('uppy-Dashboard');
      expect(body).not.toContain('DndLiveRegion');
    }
  });

  test('uploads a WAV and an MP3, each in one step, and publishes them', async ({ page }) => {
    test.setTimeout(90_000);
    await openDashboard(page);
    await createSample(
      page,
      { title: 'E2E Wave Song', artist: 'Test Artist', genre: 'Rock' },
      { name: 'wave-song.wav', mimeType: 'audio/wav', buffer: makeWav(3) },
    );
    await createSample(
      page,
      { title: 'E2E Mp3 Song', artist: 'Mp3 Artist', genre: 'Pop' },
      { name: 'silent-song.mp3', mimeType: 'audio/mpeg', buffer: makeSilentMp3() },
    );

    await innerTab(page, 'Manage Samples');
    const wave = manageCard(page, 'E2E Wave Song');
    await expect(wave).toContainText('by Test Artist');
    await expect(wave).toContainText('Rock');
    // Duration was left empty: the server's analysis fills it in, and the dashboard picks it up.
    await expect(wave).toContainText('0:03', { timeout: 20_000 });
    await expect(manageCard(page, 'E2E Mp3 Song')).toContainText('0:03', { timeout: 20_000 });
    await expect(wave.getByRole('group', { name: 'Audio player: E2E Wave Song' })).toHaveAttribute('data-player-status', 'ready');

    await page.goto('/samples');
    for (const title of ['E2E Wave Song', 'E2E Mp3 Song']) {
      await expect(page.getByRole('group', { name: `Audio player: ${title}` })).toHaveAttribute('data-player-status', 'ready');
      await expect(
        page
          .getByRole('group', { name: `Audio player: ${title}` })
          .locator('canvas, div[part="wrapper"], [part]')
          .first(),
      ).toBeAttached();
    }
    await page.goto('/');
    for (const title of ['E2E Wave Song', 'E2E Mp3 Song']) {
      await expect(page.getByRole('group', { name: `Audio player: ${title}` })).toHaveAttribute('data-player-status', 'ready');
    }
  });

  test('edits a sample in the Edit Sample dialog', async ({ page, request }) => {
    await openDashboard(page);
    // The footer names the running version, package.json's, also as the page bundle reads it.
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    await expect(page.getByText(/^Studio site /)).toHaveText(`Studio site ${version}`);
    await innerTab(page, 'Manage Samples');
    await manageCard(page, 'E2E Wave Song').getByRole('button', { name: 'Edit E2E Wave Song' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Sample' });
    await expect(dialog.getByLabel('Title')).toHaveValue('E2E Wave Song');
    // Visitors get the MP3 copy; the owner can still download the WAV as uploaded (decision 087).
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download original' }).click();
    const original = readFileSync((await (await downloading).path())!);
    expect(original.subarray(0, 4).toString('latin1')).toBe('RIFF');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await manageCard(page, 'E2E Wave Song').getByRole('button', { name: 'Edit E2E Wave Song' }).click();
    await dialog.getByLabel('Title').fill('E2E Wave Song (edited)');
    await dialog.getByLabel('Genre').fill('Indie Rock');
    await dialog.getByLabel('Description').fill('Edited from the dashboard.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Sample updated successfully');
    await expect(dialog).toHaveCount(0);
    const card = manageCard(page, 'E2E Wave Song (edited)');
    await expect(card).toContainText('Indie Rock');
    await expect(card).toContainText('Edited from the dashboard.');
    await expect(card).toContainText('0:03');

    await page.goto('/samples');
    await expect(page.getByRole('heading', { name: 'E2E Wave Song (edited)' })).toBeVisible();
    // Saving sent back the copy's URL the list gave: the sample keeps its audio and its copy.
    const listed = (await (await request.get('/api/samples')).json()) as Array<{ title: string; audioUrl: string }>;
    const { audioUrl } = listed.find((sample) => sample.title === 'E2E Wave Song (edited)')!;
    const copy = await request.head(audioUrl);
    expect(copy.status()).toBe(200);
    expect(copy.headers()['content-type']).toBe('audio/mpeg');
  });

  test('Edit Sample shows the messages of fields the server refuses, under those fields', async ({ page }) => {
    const title = 'E2E Wave Song (edited)';
    await openDashboard(page);
    await innerTab(page, 'Manage Samples');
    await manageCard(page, title)
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Sample' });
    const duration = await dialog.getByLabel('Duration').inputValue();
    // The dialog checks nothing itself: a blank title and a malformed duration go to the server.
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByLabel('Duration').fill('soon');
    const answer = page.waitForResponse((response) => /\/api\/samples\/\d+$/.test(response.url()) && response.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: 'Invalid sample',
      errors: { title: ['Title is required'], duration: ['Duration must look like 3:45'] },
    });

    // The modal dialog hides the rest of the page from the accessibility tree, the toast's region too.
    await expect(page.locator('li.toast-root', { hasText: 'Failed to update sample' })).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(['Title is required', 'Duration must look like 3:45']);
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Title')).toHaveAccessibleDescription('Title is required');
    await expect(dialog.getByLabel('Duration')).toHaveAccessibleDescription('Duration must look like 3:45');
    await expect(dialog.getByLabel('Artist')).not.toHaveAttribute('aria-invalid');

    // Fixed, it saves and closes; nothing was changed by the refused attempt.
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Duration').fill(duration);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Sample updated successfully');
    await expect(dialog).toHaveCount(0);
    await expect(manageCard(page, title)).toContainText(duration);
  });

  test('reorders by mouse drag and by keyboard, and the public order follows', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 1100 });
    await openDashboard(page);
    await innerTab(page, 'Reorder');
    await expect(page.getByRole('heading', { name: 'Drag and drop to reorder' })).toBeVisible();
    await expect(page.getByText('First items appear at top of website')).toBeVisible();
    const before = await rowTitles(page);
    expect(before.length).toBeGreaterThanOrEqual(4);
    // The public list shows the dashboard's order.
    const reorderUrl = '/api/samples/reorder';

    // Mouse: drag the third row to the top.
    const saved = page.waitForRequest((request) => request.url().endsWith(reorderUrl) && request.method() === 'PUT', { timeout: 10_000 });
    await dragBy(
      page,
      reorderRows(page)
        .nth(2)
        .getByRole('button', { name: /^Reorder / }),
      reorderRows(page).nth(0),
    );
    const payload = (await saved).postDataJSON() as { sampleOrders: Array<{ id: number; displayOrder: number }> };
    expect(payload.sampleOrders.map((entry) => entry.displayOrder)).toEqual(before.map((_, index) => index));
    const afterMouse = [before[2], before[0], before[1], ...before.slice(3)];
    await expect.poll(() => rowTitles(page)).toEqual(afterMouse);
    await expect(toast(page)).toContainText('Samples reordered successfully');

    // Keyboard: Space lifts, ArrowDown moves, Space drops, and a screen reader hears each step.
    await moveDownByKeyboard(page, 0);
    const afterKeyboard = [afterMouse[1], afterMouse[0], ...afterMouse.slice(2)];
    await expect.poll(() => rowTitles(page)).toEqual(afterKeyboard);
    await expect(page.getByText(`${afterMouse[0]} dropped at position 1.`)).toBeAttached();

    expect(await publicOrder(page)).toEqual(afterKeyboard);
  });

  test('a reorder the server refuses rolls back with Failed to reorder samples', async ({ page }) => {
    await openDashboard(page);
    await innerTab(page, 'Reorder');
    const before = await rowTitles(page);
    await page.route('**/api/samples/reorder', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await moveDownByKeyboard(page, 0);
    await expect(toast(page)).toContainText('Failed to reorder samples');
    await expect.poll(() => rowTitles(page)).toEqual(before);
  });

  test('deletes a sample at once and Undo brings it back in its place', async ({ page }) => {
    await openDashboard(page);
    await innerTab(page, 'Reorder');
    const before = await rowTitles(page);
    const total = await samplesTotal(page);
    const victim = before[1];

    await innerTab(page, 'Manage Samples');
    await manageCard(page, victim)
      .getByRole('button', { name: `Delete ${victim}` })
      .click();
    await expect(manageCard(page, victim)).toHaveCount(0);
    await expect(page.getByTestId('samples-total')).toHaveText(`${total - 1} samples total`);
    await expect(toast(page)).toContainText('Sample deleted successfully');
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page)).toContainText('Sample restored');
    await expect(page.getByTestId('samples-total')).toHaveText(`${total} samples total`);
    await expect(manageCard(page, victim).getByRole('group', { name: `Audio player: ${victim}` })).toHaveAttribute(
      'data-player-status',
      'ready',
    );

    await innerTab(page, 'Reorder');
    expect(await rowTitles(page)).toEqual(before);
    expect(await publicOrder(page)).toEqual(before);

    // Deleting from the Reorder list removes the row at once too (a sample this spec created).
    await openDashboard(page);
    await innerTab(page, 'Reorder');
    const mine = 'E2E Mp3 Song';
    await reorderRows(page)
      .filter({ hasText: mine })
      .getByRole('button', { name: `Delete ${mine}` })
      .click();
    await expect(reorderRows(page)).toHaveCount(before.length - 1);
    await expect(toast(page)).toContainText('Sample deleted successfully');
    expect(await publicOrder(page)).toEqual(before.filter((title) => title !== mine));
  });

  test('works through contact submissions: status, Pending count, filter, search, delete', async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    const stamp = Date.now();
    const people = [
      {
        name: `Ada Client ${stamp}`,
        email: `ada-${stamp}@example.com`,
        phone: '+1 404 555 0100',
        message: 'Please mix and master my single, due next month.',
      },
      { name: `Bob Client ${stamp}`, email: `bob-${stamp}@example.com`, message: 'Do you offer vocal tuning for a whole album?' },
    ];
    for (const person of people) {
      const response = await request.post('/api/contact', { data: person, headers: { Origin: baseURL! } });
      expect(response.status()).toBe(201);
    }
    await openDashboard(page);
    const total = page.locator('p', { hasText: /^Total Contacts$/ }).locator('xpath=following-sibling::p');
    const pending = page.locator('p', { hasText: /^Pending Contacts$/ }).locator('xpath=following-sibling::p');
    await expect(total).toHaveText(/^\d+$/);
    const totalBefore = Number(await total.textContent());
    const pendingBefore = Number(await pending.textContent());
    expect(pendingBefore).toBeGreaterThanOrEqual(2);

    await page.getByRole('tab', { name: 'Contact Submissions' }).click();
    const ada = page.locator('article', { has: page.getByRole('heading', { name: people[0].name }) });
    await expect(ada.getByRole('link', { name: people[0].email })).toHaveAttribute('href', `mailto:${people[0].email}`);
    await expect(ada.getByRole('link', { name: people[0].phone })).toHaveAttribute('href', 'tel:+14045550100');
    await expect(ada).toContainText(people[0].message);
    await expect(ada.locator('[data-status]')).toHaveText('New');

    // The status and delete controls are in the opened card.
    await ada.getByRole('button', { name: people[0].name }).click();
    await ada.getByLabel('Status').selectOption('in_progress');
    await expect(pending).toHaveText(String(pendingBefore - 1));
    await expect(ada.locator('[data-status]')).toHaveText('In progress');

    await page.getByLabel('Show').selectOption('in_progress');
    await expect(ada).toBeVisible();
    await expect(page.getByRole('heading', { name: people[1].name })).toHaveCount(0);
    await page.getByLabel('Show').selectOption('all');
    await page.getByLabel('Search by name, e-mail or message').fill(`bob-${stamp}`);
    await expect(page.getByRole('heading', { name: people[1].name })).toBeVisible();
    await expect(ada).toHaveCount(0);
    await page.getByLabel('Search by name, e-mail or message').fill('');

    const bob = page.locator('article', { has: page.getByRole('heading', { name: people[1].name }) });
    await bob.getByRole('button', { name: people[1].name }).click();
    await bob.getByRole('button', { name: `Delete the message from ${people[1].name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this submission?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(bob).toBeVisible();
    await bob.getByRole('button', { name: `Delete the message from ${people[1].name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(bob).toHaveCount(0);
    await expect(total).toHaveText(String(totalBefore - 1));
    await expect(pending).toHaveText(String(pendingBefore - 2));

    // Saved on the server, not only on screen.
    await page.reload();
    await expect(pending).toHaveText(String(pendingBefore - 2));
    await page.getByRole('tab', { name: 'Contact Submissions' }).click();
    await expect(ada.locator('[data-status]')).toHaveText('In progress');
  });

  test('has no serious accessibility violations, and looks right at 390 px and 1440 px', async ({ page }) => {
    test.setTimeout(90_000);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    await openDashboard(page);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/manage');
      await expect(page.getByTestId('samples-total')).toHaveText(/samples total/);
      for (const tab of ['Upload New', 'Manage Samples', 'Reorder'] as const) {
        await innerTab(page, tab);
        await page.waitForTimeout(400);
        if (width === 390) await expectNoSidewaysScroll(page);
        if (width === 1440) await expectNoSeriousA11yViolations(page);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/manage-${tab.toLowerCase().replace(/ /g, '-')}-${width}.png`, fullPage: true });
      }
      await page.getByRole('tab', { name: 'Contact Submissions' }).click();
      await expect(page.locator('article').first().or(page.getByText('No contact submissions yet'))).toBeVisible();
      await page.waitForTimeout(400);
      if (width === 390) await expectNoSidewaysScroll(page);
      if (width === 1440) await expectNoSeriousA11yViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/manage-contacts-${width}.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Sample Management' }).click();
      await innerTab(page, 'Manage Samples');
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit Sample' })).toBeVisible();
      if (width === 1440) await expectNoSeriousA11yViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/manage-edit-dialog-${width}.png` });
      await page.keyboard.press('Escape');
    }
  });
});
