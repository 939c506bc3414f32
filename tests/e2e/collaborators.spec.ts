import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { latestMailTo, ownerApi, signInLinkOf } from './outbox';
import { pcmWav, uploadIntoProject } from './project-files';
import { expectNoSeriousA11yViolations, gotoHydrated } from './support';

// Screenshots for review are written only when asked for: SHOTS_DIR=/tmp/shots npx playwright test ...
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, selector: string, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(selector).screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the client adds a collaborator who signs in with their own link and comments in the review room', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const stamp = Date.now();
  const clientEmail = `band-${stamp}@example.test`;
  const managerEmail = `manager-${stamp}@example.test`;
  const owner = await ownerApi(playwright, baseURL!);
  const created = await owner.post('/api/admin/projects', {
    data: { title: 'Harbour Lights', clientName: 'Sam Band', clientEmail, packageKey: 'standard', price: 300, dueDate: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const track = (await (await owner.post(`/api/admin/projects/${projectId}/tracks`, { data: { title: 'Tide' } })).json()) as { id: number };
  const mix = pcmWav({ seconds: 4, sampleRate: 44_100, bitDepth: 16, channels: 1, peak: 0.3 });
  await uploadIntoProject(owner, projectId, `/api/admin/projects/${projectId}/tracks/${track.id}/versions`, {
    name: 'tide-v1.wav',
    body: mix,
  });
  const invitedAt = Date.now() - 1000;
  expect((await owner.post(`/api/admin/projects/${projectId}/invite`)).status()).toBe(202);

  // The client adds their manager (role: can comment) on the project page.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(signInLinkOf(await latestMailTo(clientEmail, invitedAt, /project space/)));
  await expect(page).toHaveURL(new RegExp(`/portal/projects/${projectId}$`));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const people = page.locator('[data-people]');
  await people.getByLabel('E-mail').fill(managerEmail);
  await people.getByLabel('Role').selectOption('comment');
  const addedAt = Date.now() - 1000;
  await people.getByRole('button', { name: 'Add' }).click();
  await expect(people.getByRole('status')).toContainText(`on its way to ${managerEmail}`);
  await expect(people.locator(`[data-person="${managerEmail}"]`)).toContainText('Can comment');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, '[data-people]', 'collab-people-card');

  // What is the client's alone (common/collaborators.ts: VISIBLE_PARTS): their notes and their own files.
  const notes = `Private for the studio ${stamp}: the label pays half`;
  const stem = `kick-private-${stamp}.wav`;
  const clientApi = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL! },
    storageState: await page.context().storageState(),
  });
  expect((await clientApi.patch(`/api/portal/projects/${projectId}`, { data: { clientNotes: notes } })).status()).toBe(200);
  await uploadIntoProject(clientApi, projectId, `/api/portal/projects/${projectId}/files`, { name: stem, body: mix, category: 'stems' });
  await clientApi.dispose();
  await gotoHydrated(page, `/portal/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Your files' })).toBeVisible();
  await expect(page.getByText(stem).first()).toBeVisible();

  // The manager, in their own browser, opens the link of their own invitation.
  const managerContext = await browser.newContext({ baseURL });
  const manager = await managerContext.newPage();
  const invitation = await latestMailTo(managerEmail, addedAt, /added you/);
  expect(invitation.text).toContain('comment on them');
  await manager.goto(signInLinkOf(invitation));
  await expect(manager).toHaveURL(new RegExp(`/portal/projects/${projectId}$`));
  await expect(manager.locator('[data-access="comment"]')).toContainText('as a collaborator');
  await shoot(manager, '[data-access]', 'collab-note');
  await expect(manager.getByRole('heading', { name: 'People on this project' })).toHaveCount(0);
  await expect(manager.getByRole('heading', { name: 'Upload files' })).toHaveCount(0);
  // Not hidden on the page but never sent to it: neither the page nor its loader data holds them.
  const expectNothingOfTheClients = async () => {
    await expect(manager.getByRole('heading', { name: 'Your files' })).toHaveCount(0);
    const html = await manager.content();
    expect(html).not.toContain(notes);
    expect(html).not.toContain(stem);
  };
  await expectNothingOfTheClients();

  // In the review room: no decision panel for their role, but the composer is there.
  await gotoHydrated(manager, `/portal/projects/${projectId}/review/${track.id}`);
  await expect(manager.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await manager.getByLabel('At', { exact: true }).fill('0:02');
  await manager.getByLabel(/^Your comment at/).fill('Love the chorus, can the bass come up a touch?');
  await manager.getByRole('button', { name: /^Post at 0:02/ }).click();
  const posted = manager.locator('[data-comment-thread]').filter({ hasText: 'Love the chorus' });
  await expect(posted).toContainText(managerEmail);
  // Who wrote it and how (issue 41): a collaborator with their role, not "Client".
  await expect(posted.locator('[data-author-kind]')).toHaveText('Collaborator · Can comment');

  // The owner makes them listen only: at the next page load the composer, Reply and Edit are gone.
  const project = (await (await owner.get(`/api/admin/projects/${projectId}`)).json()) as { collaborators: { id: number }[] };
  const cid = project.collaborators[0]!.id;
  expect((await owner.patch(`/api/admin/projects/${projectId}/collaborators/${cid}`, { data: { role: 'listen' } })).status()).toBe(200);
  await gotoHydrated(manager, `/portal/projects/${projectId}/review/${track.id}`);
  await expect(manager.locator('[data-access="listen"]')).toContainText('listen only');
  await expect(posted).toBeVisible();
  await expect(manager.getByRole('button', { name: /^Post at/ })).toHaveCount(0);
  await expect(posted.getByRole('button', { name: /Reply|Edit/ })).toHaveCount(0);
  await gotoHydrated(manager, `/portal/projects/${projectId}`);
  await expect(manager.locator('[data-access="listen"]')).toContainText('listen only');
  await expectNothingOfTheClients();
  await managerContext.close();

  // The owner's list (role select, Remove) is checked by the API tests; the page is looked at with the screenshots.
  if (SHOTS) {
    const ownerContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const login = await ownerContext.request.post('/api/admin/login', {
      data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
      headers: { Origin: baseURL! },
    });
    expect(login.ok()).toBe(true);
    const studio = await ownerContext.newPage();
    await gotoHydrated(studio, `/manage/projects/${projectId}`);
    await expect(studio.getByLabel(`Role of ${managerEmail}`)).toHaveValue('listen');
    await shoot(studio, '#project-access-title >> xpath=ancestor::section[1]', 'collab-admin-people');
    await ownerContext.close();
  }
});
