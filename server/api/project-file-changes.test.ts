import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavHeader } from '#server/audio/wav.ts';
import { ProjectFileProcessing } from '#server/projects/file-processing.ts';
import { CLIENT_FILE_CHANGE_CLOSED } from '#server/projects/client-file-changes.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { captureLogs, testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, projectWithClient, uploadIntoProject, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';

// Fixing files (issue 32): a client recategorises or removes a file they sent within a day of its
// upload, or any time before the studio starts; the owner always. Every change is logged, removal
// takes the bytes from the store, and refusals change nothing.

const BUCKET = 'studio-fixes';
const stores = ['local', 's3'] as const;
const cases = testDialects().flatMap((dialect) => stores.map((store) => [store, dialect] as const));
const DAY = 24 * 60 * 60 * 1000;

/** A short mono WAV: accepted as a client's audio file. */
const wav = Buffer.concat([wavHeader(1, 8000, 400), Buffer.alloc(800, 3)]);

interface FileRow {
  id: number;
  name: string;
  category: string;
  canChange?: boolean;
}

describe.each(cases)('fixing a project file, %s store on %s', (storeKind, dialect) => {
  let t: ProjectsTestApp;
  let s3: TestS3 | null = null;
  beforeAll(async () => {
    if (storeKind === 's3') s3 = await startTestS3([BUCKET]);
    t = await createProjectsTestApp(dialect, { env: s3 ? s3.env(BUCKET) : {} });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  let clients = 0;
  const newProject = () => projectWithClient(t, { clientEmail: `fix-${++clients}@example.com`, clientName: 'Ana' });
  type Agent = ReturnType<ProjectsTestApp['asClient']>;

  async function send(agent: Agent, projectId: number, name: string, category = 'reference'): Promise<FileRow> {
    const location = await uploadIntoProject(t, agent, projectId, name, wav);
    const registered = await agent.post(`/api/portal/projects/${projectId}/files`).send({ objectPath: location, category });
    expect(registered.status).toBe(201);
    await t.services.projects.projectFileProcessing.idle();
    return registered.body as FileRow;
  }
  const objectKeyOf = async (fileId: number) =>
    (await t.services.db.selectFrom('projectFiles').select('objectKey').where('id', '=', fileId).executeTakeFirstOrThrow()).objectKey;
  const portalView = async (agent: Agent, projectId: number) => (await agent.get(`/api/portal/projects/${projectId}`)).body;
  const adminView = async (projectId: number) => (await t.asAdmin.get(`/api/admin/projects/${projectId}`)).body;
  const summaries = (view: { activity: { summary: string; actorName: string | null }[] }) =>
    view.activity.map((entry) => `${entry.actorName ?? ''}: ${entry.summary}`);
  const startWork = async (projectId: number) =>
    expect((await t.asAdmin.patch(`/api/admin/projects/${projectId}`).send({ status: 'in_progress' })).status).toBe(200);
  const age = (fileId: number, ms: number) =>
    t.services.db
      .updateTable('projectFiles')
      .set({ createdAt: new Date(Date.now() - ms).toISOString() })
      .where('id', '=', fileId)
      .execute();

  it('within a day of the upload, the client moves a file to another category and removes another; both sides see it logged', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const kick = await send(agent, project.id, 'kick.wav');
    const keep = await send(agent, project.id, 'keep.wav', 'stems');
    await startWork(project.id);
    await age(kick.id, DAY - 60_000);
    expect((await portalView(agent, project.id)).files.map((file: FileRow) => file.canChange)).toEqual([true, true]);

    const moved = await agent.patch(`/api/portal/projects/${project.id}/files/${kick.id}`).send({ category: 'stems' });
    expect(moved.status).toBe(200);
    expect(moved.body.files.map((file: FileRow) => [file.name, file.category])).toEqual([
      ['kick.wav', 'stems'],
      ['keep.wav', 'stems'],
    ]);
    expect(moved.body.activity[0].summary).toBe('Moved kick.wav from Reference track to Stems');

    const key = await objectKeyOf(kick.id);
    expect(await t.services.store.stat(key)).not.toBeNull();
    expect((await agent.delete(`/api/portal/projects/${project.id}/files/${kick.id}`)).status).toBe(204);
    expect(await t.services.store.stat(key)).toBeNull();

    const portal = await portalView(agent, project.id);
    expect(portal.files.map((file: FileRow) => file.name)).toEqual(['keep.wav']);
    expect(summaries(portal).slice(0, 2)).toEqual(['Ana: Removed kick.wav', 'Ana: Moved kick.wav from Reference track to Stems']);
    expect(summaries(await adminView(project.id)).slice(0, 2)).toEqual([
      'Ana: Removed kick.wav',
      'Ana: Moved kick.wav from Reference track to Stems',
    ]);
    // Gone from downloads: the file itself and the ZIP of the client's files.
    expect((await agent.get(`/api/portal/projects/${project.id}/files/${kick.id}/download`)).status).toBe(404);
    const zip = await t.asAdmin
      .get(`/api/admin/projects/${project.id}/files.zip?side=client`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(zip.status).toBe(200);
    expect((zip.body as Buffer).includes('keep.wav')).toBe(true);
    expect((zip.body as Buffer).includes('kick.wav')).toBe(false);
    expect(keep.id).toBeGreaterThan(kick.id);
  });

  it('after a day, once the studio has started, the client is told to ask the studio and nothing changes', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const snare = await send(agent, project.id, 'snare.wav');
    await age(snare.id, DAY + 60_000);
    // Before the studio starts, the age does not matter.
    expect((await portalView(agent, project.id)).files[0].canChange).toBe(true);
    await startWork(project.id);
    const before = await adminView(project.id);
    expect((await portalView(agent, project.id)).files[0].canChange).toBe(false);

    const moved = await agent.patch(`/api/portal/projects/${project.id}/files/${snare.id}`).send({ category: 'stems' });
    expect(moved.status).toBe(403);
    expect(moved.body.message).toBe(CLIENT_FILE_CHANGE_CLOSED);
    const removed = await agent.delete(`/api/portal/projects/${project.id}/files/${snare.id}`);
    expect(removed.status).toBe(403);
    expect(removed.body.message).toBe(CLIENT_FILE_CHANGE_CLOSED);

    const after = await adminView(project.id);
    expect(after.files).toEqual(before.files);
    expect(after.activity).toEqual(before.activity);
    expect(await t.services.store.stat(await objectKeyOf(snare.id))).not.toBeNull();
  });

  it('the owner always can: an old client file in a project under way is recategorised and removed, and logged', async () => {
    const { project, client } = await newProject();
    const pad = await send(t.asClient(client), project.id, 'pad.wav', 'other');
    await startWork(project.id);
    await age(pad.id, 10 * DAY);

    const moved = await t.asAdmin.patch(`/api/admin/projects/${project.id}/files/${pad.id}`).send({ category: 'rough_mix' });
    expect(moved.status).toBe(200);
    expect(moved.body.files[0].category).toBe('rough_mix');
    const key = await objectKeyOf(pad.id);
    expect((await t.asAdmin.delete(`/api/admin/projects/${project.id}/files/${pad.id}`)).status).toBe(204);
    expect(await t.services.store.stat(key)).toBeNull();

    const view = await adminView(project.id);
    expect(view.files).toEqual([]);
    expect(summaries(view).slice(0, 2)).toEqual(['studio-owner: Removed pad.wav', 'studio-owner: Moved pad.wav from Other to Rough mix']);
    // The client reads the same sentences, the studio named as the actor.
    const portal = await portalView(t.asClient(client), project.id);
    expect(portal.activity.slice(0, 2).map((entry: { actor: string; summary: string }) => [entry.actor, entry.summary])).toEqual([
      ['studio', 'Removed pad.wav'],
      ['studio', 'Moved pad.wav from Other to Rough mix'],
    ]);
  });

  it('bad category: 400; another project’s file, another client’s project, a delivery for the client: 404; nothing changes', async () => {
    const { project, client } = await newProject();
    const other = await newProject();
    const agent = t.asClient(client);
    const bass = await send(agent, project.id, 'bass.wav');
    const theirs = await send(t.asClient(other.client), other.project.id, 'theirs.wav');
    const deliveryLocation = await uploadIntoProject(t, t.asAdmin, project.id, 'master.wav', wav);
    const delivery = await t.asAdmin.post(`/api/admin/projects/${project.id}/deliveries`).send({ objectPath: deliveryLocation });
    expect(delivery.status).toBe(201);
    await t.services.projects.projectFileProcessing.idle();
    const before = await adminView(project.id);

    for (const body of [{ category: 'vocals' }, {}, { category: 'stems', name: 'x.wav' }]) {
      expect((await agent.patch(`/api/portal/projects/${project.id}/files/${bass.id}`).send(body)).status).toBe(400);
      expect((await t.asAdmin.patch(`/api/admin/projects/${project.id}/files/${bass.id}`).send(body)).status).toBe(400);
    }
    // Another project's file through this project's path; another client's project; no such file.
    for (const path of [`${project.id}/files/${theirs.id}`, `${other.project.id}/files/${theirs.id}`, `${project.id}/files/999999`]) {
      expect((await agent.patch(`/api/portal/projects/${path}`).send({ category: 'stems' })).status).toBe(404);
      expect((await agent.delete(`/api/portal/projects/${path}`)).status).toBe(404);
    }
    expect((await t.asAdmin.patch(`/api/admin/projects/${project.id}/files/${theirs.id}`).send({ category: 'stems' })).status).toBe(404);
    expect((await t.asAdmin.delete(`/api/admin/projects/${project.id}/files/${theirs.id}`)).status).toBe(404);
    // A delivery: not the client's to change (404); the owner is told it has no category (400).
    expect((await agent.patch(`/api/portal/projects/${project.id}/files/${delivery.body.id}`).send({ category: 'stems' })).status).toBe(
      404,
    );
    expect((await agent.delete(`/api/portal/projects/${project.id}/files/${delivery.body.id}`)).status).toBe(404);
    const ownerMove = await t.asAdmin.patch(`/api/admin/projects/${project.id}/files/${delivery.body.id}`).send({ category: 'stems' });
    expect(ownerMove.status).toBe(400);
    expect(ownerMove.body.message).toBe('A delivery has no category to change');

    const after = await adminView(project.id);
    expect(after.files).toEqual(before.files);
    expect(after.deliveries).toEqual(before.deliveries);
    expect(after.activity).toEqual(before.activity);
    expect((await adminView(other.project.id)).files.map((file: FileRow) => file.name)).toEqual(['theirs.wav']);
  });

  it('a file removed while it waits for, or is in, processing ends its processing quietly', async () => {
    const { project, client } = await newProject();
    await t.services.projects.projectFileProcessing.idle();
    const logs = captureLogs();
    const db = t.services.db;
    const file = await send(t.asClient(client), project.id, 'vox.wav');
    await t.services.projects.projectFileProcessing.idle();
    // Unprocessed again, and removed as it is read: the bytes go after the row, mid-checksum.
    await db.updateTable('projectFiles').set({ analysisState: 'pending', sha256: null }).where('id', '=', file.id).execute();
    const store = t.services.store;
    const removing = Object.create(store) as typeof store;
    removing.read = async (key, range) => {
      expect((await t.asClient(client).delete(`/api/portal/projects/${project.id}/files/${file.id}`)).status).toBe(204);
      return store.read(key, range);
    };
    const processing = new ProjectFileProcessing(db, removing, logs.logger, async () => null);
    processing.schedule(file.id);
    // And one whose row is already gone before its turn.
    processing.schedule(file.id + 1000);
    await processing.idle();
    processing.stop();
    expect(logs.lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
    expect(await db.selectFrom('projectFiles').select('id').where('id', '=', file.id).executeTakeFirst()).toBeUndefined();
  });
});
