import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';

describe.each(testDialects())('migration 0030_people_told on %s', (dialect) => {
  let services: TestServices | undefined;
  afterEach(async () => {
    await services?.cleanup();
    services = undefined;
  });

  it('gives the comments kept until now by someone other than the client the role they hold (comment once removed)', async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    await migrateTo(db, '0028_booking_holders');
    await sql`insert into projects (title, client_name, client_email, package_key, package_title)
              values ('Record', 'Ava', 'ava@example.com', 'intro', 'Intro')`.execute(db);
    await sql`insert into project_tracks (project_id, title) values (1, 'Song')`.execute(db);
    await sql`insert into track_versions (track_id, project_id, number, name, object_key, size, uploaded_by)
              values (1, 1, 1, 'v1.wav', 'k1', 10, 'admin:1')`.execute(db);
    await sql`insert into project_collaborators (project_id, email, role, added_by)
              values (1, 'label@example.com', 'approve', 'client:ava@example.com')`.execute(db);
    await sql`insert into project_collaborators (project_id, email, role, added_by, removed_at)
              values (1, 'gone@example.com', 'listen', 'client:ava@example.com', '2026-11-01T00:00:00.000Z')`.execute(db);
    const comment = (key: string) =>
      sql`insert into version_comments (version_id, author_side, author_key, at_seconds, body)
          values (1, ${key.startsWith('admin:') ? 'studio' : 'client'}, ${key}, 1, ${key})`.execute(db);
    for (const key of ['client:ava@example.com', 'client:label@example.com', 'client:gone@example.com', 'admin:1', 'link:1:abc'])
      await comment(key);

    expect(await migrateToLatest(db)).toContain('0030_people_told');
    const rows = await db.selectFrom('versionComments').select(['authorKey', 'authorRole']).orderBy('id').execute();
    expect(rows).toEqual([
      { authorKey: 'client:ava@example.com', authorRole: null },
      { authorKey: 'client:label@example.com', authorRole: 'approve' },
      { authorKey: 'client:gone@example.com', authorRole: 'comment' },
      { authorKey: 'admin:1', authorRole: null },
      { authorKey: 'link:1:abc', authorRole: null },
    ]);
  });
});
