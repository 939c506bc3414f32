import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { TRASH_RETENTION_MS } from './sample-trash.ts';
import { startSampleTasks } from './startup.ts';

describe.each(testDialects())('sample start-up tasks on %s', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(() => services.cleanup());

  it('purges samples kept in the trash past their 30 days, and only those', async () => {
    const now = Date.now();
    const insert = (title: string, deletedAt: number | null) =>
      services.db
        .insertInto('samples')
        .values({
          title,
          audioUrl: 'https://cdn.example.com/a.mp3',
          createdAt: new Date(now).toISOString(),
          updatedAt: new Date(now).toISOString(),
          deletedAt: deletedAt === null ? null : new Date(deletedAt).toISOString(),
          // Analysed already, so the backlog leaves them alone.
          durationSeconds: 1,
          peaks: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const expired = await insert('Expired', now - TRASH_RETENTION_MS - 60_000);
    const recent = await insert('Recently trashed', now - 60_000);
    const live = await insert('Live', null);

    const timer = await startSampleTasks(services);
    try {
      const remaining = async () =>
        (await services.db.selectFrom('samples').select('id').execute()).map((row) => row.id).filter((id) => id <= live.id);
      await vi.waitFor(async () => expect(await remaining()).not.toContain(expired.id), { timeout: 10_000, interval: 100 });
      expect(await remaining()).toEqual(expect.arrayContaining([recent.id, live.id]));
    } finally {
      clearInterval(timer);
    }
  });
});
