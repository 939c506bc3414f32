import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { pcmWav, uploadIntoProject } from './project-files';
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

/*
 * Issue 41: someone on a project mutes its e-mails from one of them. The link opens a page that
 * only shows (a scanner's GET mutes nothing); its button mutes, and the same page unmutes.
 */
test('an approver mutes a project from the e-mail of a decision, and unmutes it on the same page', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const stamp = Date.now();
  const clientEmail = `artist-${stamp}@example.test`;
  const approver = `label-${stamp}@example.test`;
  const title = `Quiet Harbour ${stamp}`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title, clientName: 'Rae Artist', clientEmail, packageKey: 'standard', price: 300, dueDate: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const track = (await (await owner.post(`/api/admin/projects/${projectId}/tracks`, { data: { title: 'Tide' } })).json()) as { id: number };
  const mix = pcmWav({ seconds: 2, sampleRate: 44_100, bitDepth: 16, channels: 1, peak: 0.3 });
  const version = await uploadIntoProject(owner, projectId, `/api/admin/projects/${projectId}/tracks/${track.id}/versions`, {
    name: 'tide-v1.wav',
    body: mix,
  });
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${projectId}/invite`)).status()).toBe(202);

  // The client signs in (the link's GET sets the session), adds the label's A&R as an approver, and approves.
  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const signIn = new URL(signInLinkOf(await latestMailTo(clientEmail, invitedAt, /project space/)));
  expect((await client.get(signIn.pathname + signIn.search, { maxRedirects: 0 })).status()).toBe(303);
  const added = await client.post(`/api/portal/projects/${projectId}/collaborators`, { data: { email: approver, role: 'approve' } });
  expect(added.status(), await added.text()).toBe(201);
  const decidedAt = Date.now() - 1000;
  const approved = await client.post(`/api/portal/projects/${projectId}/tracks/${track.id}/versions/${version.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await client.dispose();

  const decision = await latestMailTo(approver, decidedAt, /approved version 1/);
  const muteLink = /Stop e-mails about "[^"]+": (\S+)/.exec(decision.text)?.[1];
  expect(muteLink, decision.text).toMatch(/\/mute\/[^/\s]+$/);

  // A fresh browser, no session: the page says what muting does and changes nothing by being opened.
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(new URL(muteLink!).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Stop e-mails about “${title}”?`);
  await expect(page.locator('[data-mute-state]')).toHaveAttribute('data-mute-state', 'on');
  await expect(page.getByText(approver)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'mute-page-on');
  await page.reload();
  await expect(page.locator('[data-mute-state]')).toHaveAttribute('data-mute-state', 'on');

  await page.getByRole('button', { name: 'Mute this project' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E-mails about “${title}” are muted`);
  await expect(page).toHaveURL(new URL(muteLink!).pathname);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'mute-page-muted');

  await page.getByRole('button', { name: 'Unmute this project' }).click();
  await expect(page.locator('[data-mute-state]')).toHaveAttribute('data-mute-state', 'on');

  // An edited link names nobody.
  const response = await page.goto(`${new URL(muteLink!).pathname}x`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
  await context.close();
});
