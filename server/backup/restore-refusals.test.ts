import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '#server/db/migrate.ts';
import { migrations } from '#server/db/migrations/index.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { testDialects } from '#server/test-support/services.ts';
import { allRows, objectDigests, populateSite } from '#server/test-support/site-fixture.ts';
import { testWav } from '#server/test-support/test-audio.ts';
import { createBackup } from './create-backup.ts';
import { HEAD_ENTRY, MANIFEST_ENTRY } from './manifest.ts';
import { restoreBackup, type RestoreOutcome } from './restore-backup.ts';
import { END_OF_ARCHIVE, entryHeader, padding, tarEntries, type TarEntry } from './tar.ts';

async function entriesOf(file: string): Promise<TarEntry[]> {
  const handle = await open(file, 'r');
  try {
    const entries: TarEntry[] = [];
    for await (const entry of tarEntries(handle)) entries.push(entry);
    return entries;
  } finally {
    await handle.close();
  }
}

/** Writes a copy of an archive with some entries' bodies replaced (a small test archive fits in memory). */
async function rewrite(file: string, out: string, edit: (name: string, body: Buffer) => Buffer): Promise<void> {
  const bytes = readFileSync(file);
  const parts: Buffer[] = [];
  for (const entry of await entriesOf(file)) {
    const body = edit(entry.name, bytes.subarray(entry.offset, entry.offset + entry.size));
    parts.push(entryHeader(entry.name, body.length, 0), body, padding(body.length));
  }
  writeFileSync(out, Buffer.concat([...parts, END_OF_ARCHIVE]));
}

const editJson = (edit: (value: Record<string, unknown>) => void) => (name: string, body: Buffer) => {
  if (name !== HEAD_ENTRY && name !== MANIFEST_ENTRY) return body;
  const value = JSON.parse(body.toString('utf8'));
  edit(value);
  return Buffer.from(JSON.stringify(value));
};

describe.each(testDialects())('restoring into %s refuses what it cannot trust', (dialect) => {
  let work: string;
  let source: TestApp;
  let archive: string;
  let entries: TarEntry[];

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'studio-restore-refusals-'));
    source = await createTestApp('sqlite', { asAdmin: true });
    await populateSite(source);
    archive = path.join(work, 'site.tar');
    const { db, dialect: sourceDialect, store } = source.services;
    await createBackup({ db, dialect: sourceDialect, store, storeKind: 'local' }, archive);
    entries = await entriesOf(archive);
  }, 60_000);
  afterAll(async () => {
    await source?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Restores `file` into a fresh target; answers the outcome and whether the target is still empty. */
  async function restoreIntoFresh(file: string): Promise<{ outcome: RestoreOutcome; target: TestApp }> {
    const target = await createTestApp(dialect);
    const { db, store } = target.services;
    return { outcome: await restoreBackup({ db, dialect, store }, file), target };
  }

  async function expectRefusedAndUntouched(file: string, kind: RestoreOutcome['kind'], problem?: RegExp) {
    const { outcome, target } = await restoreIntoFresh(file);
    try {
      expect(outcome.kind).toBe(kind);
      if (problem) expect(outcome.kind === 'invalid-archive' && outcome.problem).toMatch(problem);
      const rows = await allRows(target);
      expect(Object.values(rows).flat()).toEqual([]);
      expect(await objectDigests(target.services.store)).toEqual({});
    } finally {
      await target.close();
    }
    return outcome;
  }

  const copyWith = (name: string, change: (bytes: Buffer) => void) => {
    const bytes = readFileSync(archive);
    change(bytes);
    const file = path.join(work, name);
    writeFileSync(file, bytes);
    return file;
  };
  const entryNamed = (prefix: string) => entries.find((entry) => entry.name.startsWith(prefix))!;

  it('refuses an archive with one byte of an object changed, naming the object', async () => {
    const object = entryNamed('objects/');
    const file = copyWith('object-byte.tar', (bytes) => (bytes[object.offset + Math.floor(object.size / 2)] ^= 0xff));
    await expectRefusedAndUntouched(file, 'invalid-archive', new RegExp(`${object.name} does not match its checksum`));
  });

  it('refuses an archive with one byte of a table changed', async () => {
    const table = entryNamed('tables/samples');
    const file = copyWith('table-byte.tar', (bytes) => (bytes[table.offset + 10] ^= 0x01));
    await expectRefusedAndUntouched(file, 'invalid-archive', /tables\/samples\.ndjson does not match its checksum/);
  });

  it('refuses an archive cut short anywhere', async () => {
    const bytes = readFileSync(archive);
    const object = entryNamed('objects/');
    const manifest = entryNamed(MANIFEST_ENTRY);
    const cuts = [object.offset + 100, manifest.offset - 512, bytes.length - 1024, 200];
    for (const [index, cut] of cuts.entries()) {
      const file = path.join(work, `cut-${index}.tar`);
      writeFileSync(file, bytes.subarray(0, cut));
      await expectRefusedAndUntouched(file, 'invalid-archive', /truncated|empty or cut off/);
    }
  });

  it('refuses an archive whose entry header was damaged', async () => {
    const table = entryNamed('tables/');
    const file = copyWith('header.tar', (bytes) => (bytes[table.offset - 512 + 3] ^= 0x20));
    await expectRefusedAndUntouched(file, 'invalid-archive', /damaged/);
  });

  it('refuses a file that is not a backup', async () => {
    const file = path.join(work, 'notes.txt');
    writeFileSync(file, 'just some notes\n'.repeat(100));
    await expectRefusedAndUntouched(file, 'invalid-archive', /not a studio backup/);
  });

  it('refuses an archive from a newer version of the site, naming the migrations it lacks', async () => {
    const file = path.join(work, 'newer.tar');
    await rewrite(
      archive,
      file,
      editJson((value) => (value.migrations as string[]).push('9999_future')),
    );
    const outcome = await expectRefusedAndUntouched(file, 'newer-schema');
    expect(outcome).toEqual({ kind: 'newer-schema', unknownMigrations: ['9999_future'] });
  });

  it('refuses an archive in a newer backup format', async () => {
    const file = path.join(work, 'format-2.tar');
    await rewrite(
      archive,
      file,
      editJson((value) => (value.formatVersion = 2)),
    );
    await expectRefusedAndUntouched(file, 'invalid-archive', /backup format 2, newer than this code reads/);
  });

  it('refuses a manifest that leaves out an entry of the archive', async () => {
    const file = path.join(work, 'unlisted.tar');
    await rewrite(
      archive,
      file,
      editJson((value) => {
        if ('objects' in value) (value.objects as unknown[]).pop();
      }),
    );
    await expectRefusedAndUntouched(file, 'invalid-archive', /which its manifest does not list/);
  });
});

describe.each(testDialects())('an archive from an older schema, restored into %s', (dialect) => {
  let work: string;
  let source: TestApp;
  let target: TestApp;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'studio-restore-old-'));
    source = await createTestApp('sqlite');
    target = await createTestApp(dialect);
  });
  afterAll(async () => {
    await target?.close();
    await source?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('goes into the schema it was written under, then through the later migrations', async () => {
    // A site last migrated before 0005, which added uploaded_objects.format and filled it in.
    const { db, store } = source.services;
    await migrateTo(db, '0004_samples_storage');
    const key = '4f0c3a2e-8a41-4d0e-9d55-2d0c8f7b1a10';
    await store.write(`uploads/${key}`, testWav(), 'audio/wav');
    const now = new Date().toISOString();
    await sql`
      insert into uploaded_objects (key, status, size, content_type, created_at, registered_at)
      values (${key}, 'registered', ${testWav().length}, 'audio/wav', ${now}, ${now})
    `.execute(db);
    const archive = path.join(work, 'old.tar');
    const backup = await createBackup({ db, dialect: 'sqlite', store, storeKind: 'local' }, archive);
    expect(backup.kind === 'written' && backup.manifest.migrations).toEqual([
      '0001_initial',
      '0003_contact_notices',
      '0004_samples_storage',
    ]);

    const outcome = await restoreBackup({ db: target.services.db, dialect, store: target.services.store }, archive);
    expect(outcome.kind).toBe('restored');
    const row = await target.services.db.selectFrom('uploadedObjects').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key, status: 'registered', contentType: 'audio/wav', format: 'wav' });
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(target.services.db);
    expect(applied.rows.map((migration) => migration.name)).toEqual(Object.keys(migrations).sort());
    expect((await target.request.head(`/objects/uploads/${key}`)).status).toBe(200);
  });
});
