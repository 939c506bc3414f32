import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProject, insertProjectFile } from '#server/test-support/project-row.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { deliveryArchive } from './delivery-archive.ts';
import { downloadDelivery, type PersonOnProject } from './download-delivery.ts';

/*
 * A delivery leaving the portal, on a real database and store: which files each person reaches,
 * the lock that holds the deliveries while an invoice is owed, and the one log entry per download.
 */
describe.each(testDialects())('downloading deliveries (%s)', (dialect) => {
  let services: TestServices;
  let projectId: number;
  const files: Record<'client' | 'studio', number> = { client: 0, studio: 0 };
  let client: PersonOnProject;
  let collaborator: PersonOnProject;

  beforeAll(async () => {
    services = await createTestServices(dialect);
    const { db } = services;
    projectId = await insertProject(db, { invitedAt: new Date().toISOString(), price: 100 });
    for (const side of ['client', 'studio'] as const) {
      const objectKey = `projects/${projectId}/${side}-file`;
      await services.store.write(objectKey, Buffer.from(`${side} bytes`), 'application/octet-stream');
      files[side] = await insertProjectFile(db, { projectId, side, objectKey, size: `${side} bytes`.length });
    }
    client = { projectId, access: 'client', actor: { side: 'client', email: 'ava@example.com', name: 'Ava Stone' } };
    collaborator = { projectId, access: 'approve', actor: { side: 'client', email: 'band@example.com', name: 'band@example.com' } };
  });
  afterAll(() => services.cleanup());

  /** How many downloads the log has counted for the action (a repeat counts on its entry). */
  const logged = async (action: string) => {
    const rows = await services.db
      .selectFrom('projectActivity')
      .select('count')
      .where('projectId', '=', projectId)
      .where('action', '=', action)
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.count), 0);
  };
  const whole = (fileId: number) => ({ fileId, head: false, range: undefined });

  it('hands the client either side, a collaborator the deliveries only', async () => {
    const own = await downloadDelivery(services, client, whole(files.client));
    expect(own).toMatchObject({ kind: 'ready', file: { id: files.client, name: 'client.wav' } });
    if (own.kind === 'ready') expect(await text(await own.read())).toBe('client bytes');
    expect(await downloadDelivery(services, collaborator, whole(files.client))).toEqual({ kind: 'not-found' });
    expect(await downloadDelivery(services, collaborator, whole(files.studio))).toMatchObject({ kind: 'ready' });
    expect(await downloadDelivery(services, client, whole(999_999))).toEqual({ kind: 'not-found' });
  });

  it('logs one download per request from the start, not a HEAD or a resumed range', async () => {
    const before = await logged('file_downloaded');
    await downloadDelivery(services, client, { fileId: files.studio, head: true, range: undefined });
    await downloadDelivery(services, client, { fileId: files.studio, head: false, range: 'bytes=5-' });
    expect(await logged('file_downloaded')).toBe(before);
    await downloadDelivery(services, client, { fileId: files.studio, head: false, range: 'bytes=0-' });
    expect(await logged('file_downloaded')).toBe(before + 1);
  });

  it('holds the deliveries while a sent invoice is owed, never what the client sent, and logs nothing refused', async () => {
    const created = await services.billing.invoices.create(projectId, { lines: [{ description: 'Master', amountCents: 7_500 }] });
    if (created.kind !== 'done') throw new Error('not created');
    await services.billing.invoices.send(created.invoice.id);
    const before = await logged('file_downloaded');
    const currency = (await services.billing.desk.settings()).currency;
    expect(await downloadDelivery(services, client, whole(files.studio))).toEqual({ kind: 'locked', amountDueCents: 7_500, currency });
    expect(await deliveryArchive(services, client, { head: false })).toEqual({ kind: 'locked', amountDueCents: 7_500, currency });
    expect(await logged('file_downloaded')).toBe(before);
    expect(await downloadDelivery(services, client, whole(files.client))).toMatchObject({ kind: 'ready' });

    await services.billing.desk.setDeliveryLock(projectId, false);
    expect(await downloadDelivery(services, client, whole(files.studio))).toMatchObject({ kind: 'ready' });
  });

  it("zips the deliveries under the project's title, logged once started and only for a GET", async () => {
    const archive = await deliveryArchive(services, client, { head: false });
    if (archive.kind !== 'ready') throw new Error(`not ready: ${archive.kind}`);
    expect(archive).toMatchObject({ title: 'Night Drive', suffix: 'deliveries' });
    expect(archive.files.map((file) => file.id)).toEqual([files.studio]);
    expect(await logged('zip_downloaded')).toBe(0);
    await archive.started();
    expect(await logged('zip_downloaded')).toBe(1);
    const asked = await deliveryArchive(services, client, { head: true });
    if (asked.kind === 'ready') await asked.started();
    expect(await logged('zip_downloaded')).toBe(1);
  });
});
