import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { applyRetention, runDailyRetention } from './retention.ts';
import { sendDueProjectEmails } from './project-emails.ts';
import { insertProject, insertProjectFile } from '#server/test-support/project-row.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A completed, invited project with one client file and one delivery in the store. */
async function completedProject(services: TestServices, completedAt: Date, email = 'ret@example.com') {
  const db = services.db as Kysely<Database>;
  const project = {
    id: await insertProject(db, {
      title: 'Old song',
      clientName: 'Rae',
      clientEmail: email,
      status: 'completed',
      completedAt: completedAt.toISOString(),
      invitedAt: completedAt.toISOString(),
    }),
  };
  for (const side of ['client', 'studio'] as const) {
    const objectKey = `projects/${project.id}/${side}-${Math.random().toString(16).slice(2)}`;
    await services.store.write(objectKey, Buffer.from(`${side} bytes`), 'application/octet-stream');
    await insertProjectFile(db, { projectId: project.id, side, objectKey });
  }
  return project.id;
}

describe.each(testDialects())('retention of project files (%s)', (dialect) => {
  let services: TestServices;
  const mail = memoryMailer();
  beforeAll(async () => {
    services = await createTestServices(dialect, { mailer: mail });
  });
  afterAll(() => services.cleanup());

  const deps = () => ({ db: services.db, store: services.store, logger: services.logger, sendSoon: () => {} });
  const files = (projectId: number) => services.db.selectFrom('projectFiles').selectAll().where('projectId', '=', projectId).execute();

  it('warns the client a week before, then removes the audio and keeps the record and the log', async () => {
    const completed = new Date('2026-01-01T12:00:00Z');
    const id = await completedProject(services, completed);
    // Day 10: nothing due.
    expect(await applyRetention(deps(), new Date(completed.getTime() + 10 * DAY))).toMatchObject({ warned: 0, filesRemoved: 0 });
    // Day 23: the warning is queued and goes out.
    const warnedAt = new Date(completed.getTime() + 23 * DAY);
    expect((await applyRetention(deps(), warnedAt)).warned).toBe(1);
    await sendDueProjectEmails(
      {
        db: services.db,
        mailer: mail,
        logger: services.logger,
        publicUrl: 'http://localhost:3000',
        studio: async () => ({ name: 'Studio', inbox: 'studio@example.com' }),
        adminNames: async () => new Map(),
        mutes: services.projects.emailMutes,
      },
      warnedAt,
    );
    const warning = mail.sent.find((m) => m.to === 'ret@example.com');
    expect(warning?.subject).toContain('2026-01-31');
    expect(warning?.text).toMatch(/\/portal\/auth\?token=/);
    // Day 30 and a bit: removed.
    const report = await applyRetention(deps(), new Date(completed.getTime() + 30 * DAY + 60_000));
    expect(report).toMatchObject({ projectsCleared: 1, filesRemoved: 2 });
    for (const file of await files(id)) {
      expect(file.removedAt).not.toBeNull();
      expect(await services.store.stat(file.objectKey)).toBeNull();
    }
    const project = await services.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(project.filesRemovedAt).not.toBeNull();
    expect(project.title).toBe('Old song');
    const log = await services.projects.records.adminView(id);
    expect(log!.activity.map((a) => a.summary)).toEqual(
      expect.arrayContaining([
        'Removed 2 audio files (the retention period ended)',
        'E-mailed the client that the audio files will be removed on 2026-01-31',
      ]),
    );
    // The files stay listed, marked removed; downloads find nothing.
    expect(log!.files[0]!.removedAt).not.toBeNull();
    expect(await services.projects.projectFiles.storedFile(id, log!.files[0]!.id)).toBeNull();
  });

  it('a warning sent late still gives the client seven days', async () => {
    const completed = new Date('2026-03-01T12:00:00Z');
    const id = await completedProject(services, completed, 'late-warning@example.com');
    const late = new Date(completed.getTime() + 40 * DAY);
    expect((await applyRetention(deps(), late)).warned).toBeGreaterThanOrEqual(1);
    expect((await applyRetention(deps(), new Date(late.getTime() + 6 * DAY))).filesRemoved).toBe(0);
    expect((await files(id)).every((file) => file.removedAt === null)).toBe(true);
    await applyRetention(deps(), new Date(late.getTime() + 7 * DAY + 1000));
    expect((await files(id)).every((file) => file.removedAt !== null)).toBe(true);
  });

  it("the owner's later date wins over the automatic one", async () => {
    const completed = new Date('2026-05-01T12:00:00Z');
    const id = await completedProject(services, completed, 'kept@example.com');
    await services.db.updateTable('projects').set({ retainFilesUntil: '2026-08-01' }).where('id', '=', id).execute();
    await applyRetention(deps(), new Date('2026-06-15T00:00:00Z'));
    expect((await files(id)).every((file) => file.removedAt === null)).toBe(true);
    await applyRetention(deps(), new Date('2026-07-28T00:00:00Z'));
    await applyRetention(deps(), new Date('2026-08-05T00:00:00Z'));
    expect((await files(id)).every((file) => file.removedAt !== null)).toBe(true);
  });

  it('runs once a day, whichever instances ask', async () => {
    const day = new Date('2027-01-10T03:00:00Z');
    const reports = await Promise.all([runDailyRetention(deps(), day), runDailyRetention(deps(), day), runDailyRetention(deps(), day)]);
    expect(reports.filter((report) => report !== null)).toHaveLength(1);
    expect(await runDailyRetention(deps(), new Date('2027-01-10T23:00:00Z'))).toBeNull();
    expect(await runDailyRetention(deps(), new Date('2027-01-11T00:30:00Z'))).not.toBeNull();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('retention with two instances on one PostgreSQL database', () => {
  let first: TestServices;
  let second: TestServices;
  beforeAll(async () => {
    first = await createTestServices('postgres');
    second = await createTestServices('postgres', { sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second.cleanup();
    await first.cleanup();
  });

  it('one instance runs the day and removes the files once', async () => {
    const id = await completedProject(first, new Date('2026-01-01T00:00:00Z'), 'twice@example.com');
    await first.db.updateTable('projects').set({ retentionWarnedAt: '2026-01-20T00:00:00.000Z' }).where('id', '=', id).execute();
    const at = new Date('2026-02-15T04:00:00Z');
    const dep = (s: TestServices) => ({ db: s.db, store: s.store, logger: s.logger, sendSoon: () => {} });
    const reports = await Promise.all([runDailyRetention(dep(first), at), runDailyRetention(dep(second), at)]);
    const ran = reports.filter((report) => report !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.filesRemoved).toBe(2);
    const log = await first.db
      .selectFrom('projectActivity')
      .select('action')
      .where('projectId', '=', id)
      .where('action', '=', 'files_removed')
      .execute();
    expect(log).toHaveLength(1);
  });
});
