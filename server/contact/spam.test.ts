import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { moveToInbox, pruneOldSpam, startSpamSweep, storeSpamSubmission } from './spam.ts';

const data = { name: 'Spam Bot', email: 'bot@example.com', message: 'Buy followers for your music today!' };

describe.each(testDialects())('the spam folder on %s', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(() => services.cleanup());

  const spamNames = async () =>
    (await services.db.selectFrom('contactSubmissions').select('name').where('spamReason', 'is not', null).orderBy('id').execute()).map(
      (row) => row.name,
    );

  it('keeps the newest `keep` messages, dropping the oldest, and never touches the inbox', async () => {
    await services.db
      .insertInto('contactSubmissions')
      .values({ ...data, name: 'Inbox Message' })
      .execute();
    for (const name of ['First', 'Second', 'Third', 'Fourth']) {
      const receipt = await storeSpamSubmission(services.db, { ...data, name }, 'honeypot', 3);
      expect(receipt).toMatchObject({ id: expect.any(Number), status: 'new' });
    }
    expect(await spamNames()).toEqual(['Second', 'Third', 'Fourth']);
    const inbox = await services.db.selectFrom('contactSubmissions').select('name').where('spamReason', 'is', null).execute();
    expect(inbox).toEqual([{ name: 'Inbox Message' }]);
  });

  it('moves a message out once: the second try is not-spam, an unknown id not-found', async () => {
    const { id } = await storeSpamSubmission(services.db, { ...data, name: 'Person After All' }, 'too-fast');
    const moved = await moveToInbox(services.db, id);
    expect(moved.kind).toBe('moved');
    expect(moved.kind === 'moved' && moved.submission).toMatchObject({ id, name: 'Person After All', readAt: null });
    const notices = await services.db.selectFrom('contactNotices').select(['kind', 'sentAt']).where('submissionId', '=', id).execute();
    expect(notices).toEqual([{ kind: 'owner', sentAt: null }]);
    expect(await moveToInbox(services.db, id)).toEqual({ kind: 'not-spam' });
    expect(await moveToInbox(services.db, 2_000_000_000)).toEqual({ kind: 'not-found' });
  });

  it('sweeps spam older than 30 days, on start and then hourly, and logs what it removed', async () => {
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await services.db
      .insertInto('contactSubmissions')
      .values({ ...data, name: 'Ancient', spamReason: 'honeypot', createdAt: old, updatedAt: old })
      .execute();
    const logs = captureLogs();
    const timer = startSpamSweep({ db: services.db, logger: logs.logger });
    clearInterval(timer);
    await expect
      .poll(() => logs.lines.find((line) => line.msg === 'deleted contact spam older than 30 days'))
      .toMatchObject({ removed: 1 });
    expect(await spamNames()).not.toContain('Ancient');
    expect(await pruneOldSpam(services.db)).toBe(0);
  });
});
