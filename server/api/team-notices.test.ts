import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STUDIO_EMAIL } from '#common/site-content/defaults.ts';
import { STAFF_NOTICE_KINDS } from '#common/staff-notices.ts';
import { createAdmin } from '#server/auth/admin-users.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { testDialects } from '#server/test-support/services.ts';
import {
  createProjectsTestApp,
  invoiceLine,
  projectWithClient,
  uploadIntoProject,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';
import { call, signedInStaff, STAFF_PASSWORD } from '#server/test-support/staff-fixture.ts';

const tone = (seconds: number) => {
  const channel = sine(44_100, seconds, -18);
  return encodeWav([channel, channel], 44_100, { bitDepth: 16 });
};

/*
 * The studio's notices about a project reach its engineers too (decision 121): the files a client
 * sent and their decisions, to the studio's address and each engineer on the project once, as each
 * person chose; nothing about projects they are not on.
 */
describe.each(testDialects())('notices to a project’s engineers (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let ed: { id: number; cookie: string };
  let other: { id: number; cookie: string };
  let projectId: number;
  let client: string;

  const to = (address: string, subject: RegExp) => t.mail.filter((m) => m.to === address && subject.test(m.subject));
  /** The clock moves past the uploads' batch (Date only), then the sender runs. */
  const later = async (ms: number) => {
    vi.setSystemTime(Date.now() + ms);
    t.services.projects.projectEmails.sendSoon();
    await t.services.projects.projectEmails.idle();
  };
  const clientSends = async (name: string) => {
    const objectPath = await uploadIntoProject(t, t.asClient(client), projectId, name, tone(1));
    const sent = await t.asClient(client).post(`/api/portal/projects/${projectId}/files`).send({ objectPath, category: 'stems' });
    expect(sent.status).toBe(201);
  };

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    ed = await signedInStaff(t, 'engineer', 'ed-engineer');
    other = await signedInStaff(t, 'engineer', 'olga-engineer');
    // An engineer who reads the studio's own inbox: one e-mail there, never two.
    const inbox = await createAdmin(t.services.db, { username: 'inbox-eng', email: DEFAULT_STUDIO_EMAIL, password: STAFF_PASSWORD });
    await t.services.db.updateTable('adminUsers').set({ role: 'engineer' }).where('id', '=', inbox.id).execute();
    const made = await projectWithClient(t, { clientEmail: 'notices@example.com', packageKey: 'intro', price: null });
    projectId = made.project.id;
    client = made.client;
    const elsewhere = await projectWithClient(t, {
      clientEmail: 'elsewhere@example.com',
      title: 'Elsewhere',
      packageKey: 'intro',
      price: null,
    });
    const assign = (id: number, engineerIds: number[]) => t.asAdmin.put(`/api/admin/projects/${id}/engineers`).send({ engineerIds });
    expect((await assign(projectId, [ed.id, inbox.id])).status).toBe(200);
    expect((await assign(elsewhere.project.id, [other.id])).status).toBe(200);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  it('everyone starts with every notice on; a choice is saved, and a bad one changes nothing', async () => {
    const mine = await call(t, 'get', '/api/admin/me/notices', ed.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.choices).toEqual(Object.fromEntries(STAFF_NOTICE_KINDS.map((kind) => [kind, true])));
    for (const bad of [{ files_received: 'no' }, { everything: false }, { files_received: null }]) {
      const refused = await call(t, 'put', '/api/admin/me/notices', other.cookie).send(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const other_ = await call(t, 'get', '/api/admin/me/notices', other.cookie);
    expect(other_.body.choices.files_received).toBe(true);
    expect((await call(t, 'put', '/api/admin/me/notices').send({ files_received: false })).status).toBe(401);
  });

  it('files a client sent reach the studio and the project’s engineers, once per address, not engineers of other projects', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await clientSends('kick.wav');
    await later(3 * 60_000);
    expect(to('ed-engineer@example.com', /sent 1 file/)).toHaveLength(1);
    expect(to('ed-engineer@example.com', /sent 1 file/)[0]!.text).toContain(`/manage/projects/${projectId}`);
    expect(to(DEFAULT_STUDIO_EMAIL, /sent 1 file/)).toHaveLength(1);
    expect(t.mail.filter((m) => m.to === 'olga-engineer@example.com')).toEqual([]);
  });

  it('an approval reaches the engineers at once', async () => {
    const objectPath = await uploadIntoProject(t, t.asAdmin, projectId, 'mix-v1.wav', tone(2));
    const track = (await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks`).send({ title: 'Harbour' })).body.id as number;
    const version = await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks/${track}/versions`).send({ objectPath, notes: '' });
    expect(version.status).toBe(201);
    await t.services.projects.projectFileProcessing.idle();
    const approved = await t.asClient(client).post(`/api/portal/projects/${projectId}/tracks/${track}/versions/${version.body.id}/approve`);
    expect(approved.status).toBe(200);
    await t.services.projects.projectEmails.idle();
    expect(to('ed-engineer@example.com', /approved version 1/)).toHaveLength(1);
    expect(to(DEFAULT_STUDIO_EMAIL, /approved version 1/)).toHaveLength(1);
    expect(t.mail.filter((m) => m.to === 'olga-engineer@example.com')).toEqual([]);
  });

  it('a kind turned off stops that kind for that person only; the studio’s address still gets it', async () => {
    const off = await call(t, 'put', '/api/admin/me/notices', ed.cookie).send({ files_received: false });
    expect(off.status).toBe(200);
    expect(off.body.choices).toMatchObject({ files_received: false, decisions: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    // Past the first batch's sending, which the clock of the earlier test put ahead.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    await clientSends('snare.wav');
    await later(3 * 60_000);
    expect(to('ed-engineer@example.com', /sent 1 file/)).toHaveLength(1);
    expect(to(DEFAULT_STUDIO_EMAIL, /sent 1 file/)).toHaveLength(2);
    const entry = await t.services.db
      .selectFrom('auditEntries')
      .select(['action', 'adminUserId'])
      .where('action', '=', 'Own e-mail notices chosen')
      .executeTakeFirst();
    expect(entry).toMatchObject({ adminUserId: ed.id });
  });

  it('a payment on the project reaches its engineers once each, as the studio hears of it', async () => {
    const created = await t.asAdmin.post(`/api/admin/projects/${projectId}/invoices`).send({ lines: [invoiceLine('Mix', 20_000)] });
    expect(created.status).toBe(201);
    expect((await t.asAdmin.post(`/api/admin/invoices/${created.body.id}/send`)).status).toBe(200);
    const paid = await t.asAdmin.post(`/api/admin/invoices/${created.body.id}/payments`).send({ amountCents: 20_000, method: 'cash' });
    expect(paid.status).toBe(201);
    await t.services.billing.billingEmails.idle();
    t.services.billing.billingEmails.sendSoon();
    await t.services.billing.billingEmails.idle();
    const about = new RegExp(`^Payment received: .* ${created.body.number}`);
    expect(to('ed-engineer@example.com', about)).toHaveLength(1);
    expect(to(DEFAULT_STUDIO_EMAIL, about)).toHaveLength(1);
    expect(t.mail.filter((m) => m.to === 'olga-engineer@example.com')).toEqual([]);
  });
});
