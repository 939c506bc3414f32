import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '#server/email/mailer.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { insertProject } from '#server/test-support/project-row.ts';
import {
  BATCH_DELAY_MS,
  DELIVERY_BATCH_MS,
  deliverProjectEmail,
  ProjectEmailSender,
  queueProjectEmail,
  sendDueProjectEmails,
  type ProjectEmailDeps,
} from './project-emails.ts';

describe.each(testDialects())('project e-mails (%s)', (dialect) => {
  let services: TestServices;
  const sent: MailMessage[] = [];
  let failNext = 0;
  let deps: ProjectEmailDeps;
  beforeAll(async () => {
    services = await createTestServices(dialect);
    deps = {
      db: services.db,
      logger: services.logger,
      publicUrl: 'https://studio.example',
      studio: async () => ({ name: 'Test Studio', inbox: 'inbox@studio.example' }),
      // None of these e-mails carries an owner's comment (review-decision-emails.test.ts signs them).
      adminNames: async () => new Map(),
      mutes: services.projects.emailMutes,
      mailer: {
        destination: 'test',
        close() {},
        async send(message) {
          if (failNext > 0) {
            failNext -= 1;
            throw new Error('mail server down');
          }
          sent.push(message);
        },
      },
    };
  });
  afterAll(() => services.cleanup());

  const project = (email: string) =>
    insertProject(services.db, {
      title: 'Song',
      clientName: 'Kim',
      clientEmail: email,
      packageKey: 'intro',
      packageTitle: 'Intro',
      revisionsIncluded: 1,
      invitedAt: new Date().toISOString(),
    });
  const addFile = (projectId: number, name: string, createdAt: Date, side: 'client' | 'studio' = 'client') =>
    services.db
      .insertInto('projectFiles')
      .values({
        projectId,
        side,
        category: side === 'client' ? 'stems' : 'delivery',
        name,
        objectKey: `projects/${projectId}/${name}`,
        size: 2048,
        sha256: null,
        contentType: 'application/octet-stream',
        analysis: null,
        uploadedBy: 'client:x',
        removedAt: null,
        processingUntil: null,
        createdAt: createdAt.toISOString(),
      })
      .execute();

  it('gathers uploads made close together into one e-mail to the studio', async () => {
    const id = await project('batch@example.com');
    const start = new Date('2026-04-01T10:00:00Z');
    for (const [index, name] of ['kick.wav', 'snare.wav', 'vox.wav'].entries()) {
      const at = new Date(start.getTime() + index * 20_000);
      await addFile(id, name, at);
      await queueProjectEmail(services.db, id, 'files_received', at);
    }
    // Not yet: the batch waits a little for more files.
    expect((await sendDueProjectEmails(deps, new Date(start.getTime() + 60_000))).sent).toBe(0);
    await sendDueProjectEmails(deps, new Date(start.getTime() + 40_000 + BATCH_DELAY_MS + 1000));
    const mails = sent.filter((m) => m.subject.includes('for "Song"') && m.to === 'inbox@studio.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Kim sent 3 files for "Song"');
    expect(mails[0]!.text).toContain('kick.wav');
    expect(mails[0]!.text).toContain('vox.wav');
    expect(mails[0]!.text).toContain(`https://studio.example/manage/projects/${id}`);
    // A later upload makes a new e-mail with only the new file.
    const later = new Date(start.getTime() + 10 * 60_000);
    await addFile(id, 'bass.wav', later);
    await queueProjectEmail(services.db, id, 'files_received', later);
    await sendDueProjectEmails(deps, new Date(later.getTime() + BATCH_DELAY_MS + 1000));
    const next = sent.filter((m) => m.to === 'inbox@studio.example').at(-1)!;
    expect(next.subject).toBe('Kim sent 1 file for "Song"');
    expect(next.text).not.toContain('kick.wav');
  });

  it('retries an e-mail the mail server refused, and sends it once', async () => {
    const id = await project('retry@example.com');
    const now = new Date('2026-04-02T10:00:00Z');
    await queueProjectEmail(services.db, id, 'invite', now);
    const row = await services.db.selectFrom('projectEmails').select('id').where('projectId', '=', id).executeTakeFirstOrThrow();
    failNext = 1;
    expect(await deliverProjectEmail(deps, row.id, now)).toBe('failed');
    expect(sent.filter((m) => m.to === 'retry@example.com')).toHaveLength(0);
    // Before its back-off: not yet. After: sent; racing passes send it once.
    expect(await deliverProjectEmail(deps, row.id, new Date(now.getTime() + 1000))).toBe('skipped');
    const later = new Date(now.getTime() + 5 * 60_000);
    await Promise.all([deliverProjectEmail(deps, row.id, later), sendDueProjectEmails(deps, later)]);
    const invites = sent.filter((m) => m.to === 'retry@example.com');
    expect(invites).toHaveLength(1);
    expect(invites[0]!.subject).toBe('Test Studio: your project space for "Song"');
    expect(invites[0]!.text).toMatch(new RegExp(`https://studio.example/portal/auth\\?token=[\\w-]{40,}&project=${id}`));
    // Only a hash of the link's token is stored.
    const token = /token=([\w-]+)/.exec(invites[0]!.text)![1]!;
    const stored = await services.db.selectFrom('clientSignInLinks').select('tokenHash').execute();
    expect(stored.some((link) => link.tokenHash === token)).toBe(false);
  });

  it('an invitation for an address whose access was revoked meanwhile is not sent', async () => {
    const id = await project('gone@example.com');
    await queueProjectEmail(services.db, id, 'invite');
    await services.db.updateTable('projects').set({ accessRevokedAt: new Date().toISOString() }).where('id', '=', id).execute();
    await sendDueProjectEmails(deps);
    expect(sent.filter((m) => m.to === 'gone@example.com')).toHaveLength(0);
  });

  it('a later event sends the files batch still waiting on the project first, in the order things happened', async () => {
    const id = await project('order@example.com');
    const before = sent.length;
    const start = new Date('2026-04-03T10:00:00Z');
    await addFile(id, 'stems.zip', start);
    await queueProjectEmail(services.db, id, 'files_received', start);
    // Thirty seconds later the studio adds a delivery: the files e-mail may not wait its two minutes behind it.
    const later = new Date(start.getTime() + 30_000);
    await queueProjectEmail(services.db, id, 'delivery_ready', later);
    await sendDueProjectEmails(deps, new Date(later.getTime() + 1000));
    expect(sent.slice(before).map((m) => m.subject)).toContain('Kim sent 1 file for "Song"');
    // An access e-mail is no event on the work: it leaves a waiting batch alone.
    const quiet = new Date(start.getTime() + 60 * 60_000);
    await addFile(id, 'vocals.wav', quiet);
    await queueProjectEmail(services.db, id, 'files_received', quiet);
    await queueProjectEmail(services.db, id, 'sign_in', quiet);
    const waiting = await services.db
      .selectFrom('projectEmails')
      .select('nextAttemptAt')
      .where('projectId', '=', id)
      .where('kind', '=', 'files_received')
      .where('sentAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(new Date(waiting.nextAttemptAt).getTime()).toBe(quiet.getTime() + BATCH_DELAY_MS);
  });

  it('masters added together make one delivery e-mail, out within a minute of the first', async () => {
    const id = await project('masters@example.com');
    const start = new Date('2026-04-04T10:00:00Z');
    for (const [index, name] of ['song (master).wav', 'song (instrumental).wav'].entries()) {
      const at = new Date(start.getTime() + index * 15_000);
      await addFile(id, name, at, 'studio');
      await queueProjectEmail(services.db, id, 'delivery_ready', at);
    }
    const mails = () => sent.filter((m) => m.to === 'masters@example.com');
    await sendDueProjectEmails(deps, new Date(start.getTime() + 20_000));
    expect(mails()).toHaveLength(0);
    expect(DELIVERY_BATCH_MS).toBeLessThanOrEqual(45_000);
    await sendDueProjectEmails(deps, new Date(start.getTime() + DELIVERY_BATCH_MS));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.text).toContain('song (master).wav');
    expect(mails()[0]!.text).toContain('song (instrumental).wav');
  });

  it('the sender wakes when a short batch ends, not at its next minute', async () => {
    const id = await project('wake@example.com');
    const now = new Date();
    await addFile(id, 'wake (master).wav', now, 'studio');
    // Queued as if 400 ms before the end of its batch.
    await queueProjectEmail(services.db, id, 'delivery_ready', new Date(now.getTime() - DELIVERY_BATCH_MS + 400));
    const sender = new ProjectEmailSender(deps);
    try {
      sender.sendSoon();
      await sender.idle();
      expect(sent.filter((m) => m.to === 'wake@example.com')).toHaveLength(0);
      await vi.waitFor(() => expect(sent.filter((m) => m.to === 'wake@example.com')).toHaveLength(1), { timeout: 5000, interval: 50 });
    } finally {
      sender.stop();
    }
  });
});
