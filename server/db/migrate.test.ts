import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { migrateToLatest } from './migrate.ts';

const CORE_TABLES = ['admin_users', 'contact_submissions', 'password_reset_tokens', 'rate_limits', 'samples', 'sessions'];

describe.each(testDialects())('migrations on %s', (dialect) => {
  let services: TestServices | undefined;
  afterEach(async () => {
    await services?.cleanup();
    services = undefined;
  });

  it('create every table of the spec on a fresh database', async () => {
    services = await createTestServices(dialect);
    const tables = (await services.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(CORE_TABLES));
  });

  it('are idempotent: a second run applies nothing', async () => {
    services = await createTestServices(dialect);
    expect(await migrateToLatest(services.db)).toEqual([]);
  });

  it('give rows camelCase fields, defaults and ISO timestamps on both dialects', async () => {
    services = await createTestServices(dialect);
    const row = await services.db
      .insertInto('samples')
      .values({ title: 'Song', audioUrl: '/objects/uploads/x' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Song', audioUrl: '/objects/uploads/x', displayOrder: 0, artist: null });
    expect(new Date(row.createdAt).toISOString()).toBe(row.createdAt);
    const contact = await services.db
      .insertInto('contactSubmissions')
      .values({ name: 'Ann', email: 'ann@example.com', message: 'Hello there, studio!' })
      .returning(['status'])
      .executeTakeFirstOrThrow();
    expect(contact.status).toBe('new');
  });

  it('enforce unique admin usernames and reset tokens that point at an admin', async () => {
    services = await createTestServices(dialect);
    const values = { username: 'owner', email: 'owner@example.com', password: 'hash' };
    const admin = await services.db.insertInto('adminUsers').values(values).returning('id').executeTakeFirstOrThrow();
    await expect(
      services.db
        .insertInto('adminUsers')
        .values({ ...values, email: 'other@example.com' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      services.db
        .insertInto('passwordResetTokens')
        .values({ adminUserId: admin.id + 999, token: 't', expiresAt: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow();
    const count = await sql<{ n: number }>`select count(*) as n from sessions`.execute(services.db);
    expect(Number(count.rows[0].n)).toBe(0);
  });
});
