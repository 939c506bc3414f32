import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '#server/db/connection.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';
import {
  allRows,
  FIXTURE_ADMIN,
  FIXTURE_OBJECT_COUNT,
  objectDigests,
  populateSite,
  settle,
  SITE_TABLES,
  uploadToAnyStore,
} from '#server/test-support/site-fixture.ts';
import { testWav } from '#server/test-support/test-audio.ts';
import { createBackup, type BackupOutcome } from './create-backup.ts';
import type { Manifest } from './manifest.ts';
import type { ProgressListener } from './progress.ts';
import { restoreBackup } from './restore-backup.ts';

type StoreKind = 'local' | 's3';
interface End {
  dialect: Dialect;
  store: StoreKind;
}

// Each backup is restored on the other dialect (when PostgreSQL is available) and the other store.
const [first, second = first] = testDialects();
const routes: Array<{ from: End; to: End }> = [
  { from: { dialect: first, store: 'local' }, to: { dialect: second, store: 's3' } },
  { from: { dialect: second, store: 's3' }, to: { dialect: first, store: 'local' } },
];

/** What each step told its progress listener, summed. */
function recordProgress() {
  const steps: Array<{ step: string; total: { objects: number | null; bytes: number }; objects: number; bytes: number; ended: boolean }> =
    [];
  const listener: ProgressListener = {
    begin: (step, total) => steps.push({ step, total, objects: 0, bytes: 0, ended: false }),
    advance: ({ bytes = 0, objects = 0 }) => {
      steps.at(-1)!.bytes += bytes;
      steps.at(-1)!.objects += objects;
    },
    end: () => (steps.at(-1)!.ended = true),
  };
  return { steps, listener };
}

const written = (outcome: BackupOutcome) => {
  if (outcome.kind !== 'written') throw new Error(`backup not written: ${outcome.kind}`);
  return outcome;
};

describe.each(routes)('backup of $from.dialect + $from.store restored into $to.dialect + $to.store', ({ from, to }) => {
  let s3: TestS3;
  let work: string;
  let source: TestApp;
  let target: TestApp;
  let archive: string;
  let manifest: Manifest;
  let objectPaths: string[];
  const backupProgress = recordProgress();

  const app = (end: End, bucket: string) => createTestApp(end.dialect, { asAdmin: true, env: end.store === 's3' ? s3.env(bucket) : {} });
  const restore = (force = false, progress?: ProgressListener) =>
    restoreBackup({ db: target.services.db, dialect: target.services.dialect, store: target.services.store }, archive, {
      force,
      progress,
    });

  beforeAll(async () => {
    s3 = await startTestS3(['source', 'target']);
    work = mkdtempSync(path.join(tmpdir(), 'studio-backup-test-'));
    source = await app(from, 'source');
    ({ objectPaths } = await populateSite(source));
    archive = path.join(work, 'site.tar');
    manifest = written(
      await createBackup(
        { db: source.services.db, dialect: source.services.dialect, store: source.services.store, storeKind: from.store },
        archive,
        { progress: backupProgress.listener },
      ),
    ).manifest;
    target = await app(to, 'target');
  }, 60_000);
  afterAll(async () => {
    await target?.close();
    await source?.close();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('lists every table with its rows and every object with its size and SHA-256', async () => {
    const rows = await allRows(source);
    expect(manifest.source).toEqual({ dialect: from.dialect, store: from.store });
    expect(manifest.migrations).toContain('0005_uploaded_object_format');
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(SITE_TABLES);
    for (const table of manifest.tables) {
      expect(table.rows, table.name).toBe(rows[table.name].length);
      expect(table.rows, `${table.name} has rows to compare`).toBeGreaterThan(0);
    }
    const digests = await objectDigests(source.services.store);
    expect(Object.keys(digests)).toHaveLength(FIXTURE_OBJECT_COUNT);
    expect(Object.fromEntries(manifest.objects.map((object) => [object.key, object.sha256]))).toEqual(digests);
  });

  it('refuses a second backup to the same file', async () => {
    const again = await createBackup(
      { db: source.services.db, dialect: source.services.dialect, store: source.services.store, storeKind: from.store },
      archive,
    );
    expect(again.kind).toBe('file-exists');
  });

  it('restores every row and every object into an empty target, reporting the objects and bytes of each step', async () => {
    const restoreProgress = recordProgress();
    const outcome = await restore(false, restoreProgress.listener);
    expect(outcome.kind).toBe('restored');
    expect(await allRows(target)).toEqual(await allRows(source));
    expect(await objectDigests(target.services.store)).toEqual(await objectDigests(source.services.store));

    const objects = { objects: manifest.objects.length, bytes: manifest.objects.reduce((sum, object) => sum + object.size, 0) };
    expect(objects.objects).toBe(FIXTURE_OBJECT_COUNT);
    const archiveSize = statSync(archive).size;
    expect([...backupProgress.steps, ...restoreProgress.steps]).toEqual([
      { step: 'Backing up', total: objects, ...objects, ended: true },
      { step: 'Checking', total: { objects: null, bytes: archiveSize }, objects: objects.objects, bytes: archiveSize, ended: true },
      { step: 'Restoring', total: objects, ...objects, ended: true },
    ]);
  });

  it('serves the restored site: the audio, the hero image, the admin login, fresh ids for new rows', async () => {
    const { image } = (await target.services.site.siteContent.current()).hero;
    expect(image).not.toBeNull();
    for (const objectPath of [...objectPaths, `/media/images/${image!.id}/${image!.widths[0]}.webp`]) {
      const [before, after] = await Promise.all([source.request.get(objectPath).buffer(true), target.request.get(objectPath).buffer(true)]);
      expect(after.status).toBe(200);
      expect(Buffer.compare(after.body, before.body)).toBe(0);
    }
    const login = await target.request.post('/api/admin/login').set('Origin', target.services.config.PUBLIC_URL).send(FIXTURE_ADMIN);
    expect(login.status).toBe(200);
    const samples = (await source.request.get('/api/samples')).body as Array<{ id: number; audioUrl: string }>;
    // What visitors play, the streaming copies, came along: the restored rows name no missing file.
    for (const { audioUrl } of samples) {
      expect(objectPaths).not.toContain(audioUrl);
      expect((await target.request.head(audioUrl)).headers['content-type']).toBe('audio/mpeg');
    }
    const created = await target.request.post('/api/samples').send({ title: 'After the restore', audioUrl: objectPaths[0] });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(Math.max(...samples.map((sample) => sample.id)) + 1);
    const contact = await target.request
      .post('/api/contact')
      .send({ name: 'New Visitor', email: 'new@example.com', message: 'Written after the restore.' });
    expect(contact.status).toBe(201);
    await settle(target);
  });

  it('refuses a target that holds rows or objects, and changes nothing', async () => {
    const before = await allRows(target);
    const outcome = await restore();
    expect(outcome).toMatchObject({ kind: 'not-empty', hasObjects: true });
    expect(outcome.kind === 'not-empty' && outcome.tablesWithRows).toEqual(expect.arrayContaining(['samples', 'contact_submissions']));
    expect(await allRows(target)).toEqual(before);
  });

  it('with force, replaces everything in the target by the backup', async () => {
    await target.services.store.write('uploads/00000000-0000-4000-8000-000000000000', testWav(), 'audio/wav');
    const outcome = await restore(true);
    expect(outcome.kind).toBe('restored');
    expect(await allRows(target)).toEqual(await allRows(source));
    expect(await objectDigests(target.services.store)).toEqual(await objectDigests(source.services.store));
  });
});

describe.each(testDialects())('a backup taken on %s while visitors keep writing', (dialect) => {
  let work: string;
  let site: TestApp;
  let target: TestApp;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'studio-backup-live-'));
    site = await createTestApp(dialect, { env: { CONTACT_RATE_LIMIT: '100000' } });
    target = await createTestApp(dialect);
  });
  afterAll(async () => {
    await target?.close();
    await site?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('holds every contact submission with its notice, as of one moment, and restores', async () => {
    // Each submission and its notice are committed together; tables read at different moments would disagree.
    let writing = true;
    let stored = 0;
    const visitors = Array.from({ length: 3 }, async (_, visitor) => {
      while (writing) {
        const res = await site.request
          .post('/api/contact')
          .send({ name: `Visitor ${visitor}`, email: 'visitor@example.com', message: `Message number ${stored} during the backup.` });
        if (res.status === 201) stored++;
      }
    });
    while (stored < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    const archive = path.join(work, 'live.tar');
    const { db, store } = site.services;
    const outcome = written(await createBackup({ db, dialect, store, storeKind: 'local' }, archive));
    const storedDuringBackup = stored;
    writing = false;
    await Promise.all(visitors);

    const rowsOf = (name: string) => outcome.manifest.tables.find((table) => table.name === name)!.rows;
    expect(rowsOf('contact_submissions')).toBeGreaterThanOrEqual(10);
    expect(rowsOf('contact_submissions')).toBeLessThanOrEqual(storedDuringBackup);
    expect(rowsOf('contact_notices')).toBe(rowsOf('contact_submissions'));
    const restored = await restoreBackup({ db: target.services.db, dialect, store: target.services.store }, archive);
    expect(restored.kind).toBe('restored');
    expect((await allRows(target, ['contact_submissions'])).contact_submissions).toHaveLength(rowsOf('contact_submissions'));
  });
});

describe('a backup that finds a registered object missing from the store', () => {
  let work: string;
  let site: TestApp;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'studio-backup-missing-'));
    site = await createTestApp('sqlite', { asAdmin: true });
  });
  afterAll(async () => {
    await site?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('is still written, into a folder it creates, and names the missing object in a warning', async () => {
    const kept = (await uploadToAnyStore(site, testWav())).replace('/objects/', '');
    const lost = (await uploadToAnyStore(site, testWav(2))).replace('/objects/', '');
    await site.services.store.delete(lost);
    const { db, dialect, store } = site.services;
    const outcome = written(await createBackup({ db, dialect, store, storeKind: 'local' }, path.join(work, 'nested', 'site.tar')));
    expect(outcome.manifest.objects.map((object) => object.key)).toEqual([kept]);
    expect(outcome.warnings).toEqual([expect.stringContaining(lost)]);
  });
});
