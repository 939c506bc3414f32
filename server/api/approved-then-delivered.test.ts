import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STUDIO_EMAIL } from '#common/site-content/defaults.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, projectWithClient, uploadIntoProject, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';

const tone = (seconds: number) => {
  const channel = sine(44_100, seconds, -18);
  return encodeWav([channel, channel], 44_100, { bitDepth: 16 });
};

/*
 * The client's yes is not the delivery (docs/decisions/079): approving every track leaves the
 * project approved, masters in preparation, still open to the client's files; the studio's
 * delivery makes it delivered, and the client hears of it within a minute, after anything the
 * project had queued before. A version registered twice is one version.
 */
describe.each(testDialects())('approved, then delivered (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let projectId: number;
  let client: string;
  let trackId: number;
  const clientEmail = 'masters@example.com';

  const portalView = async () => (await t.asClient(client).get(`/api/portal/projects/${projectId}`)).body;
  const adminView = async () => (await t.asAdmin.get(`/api/admin/projects/${projectId}`)).body;
  const addVersion = (objectPath: string, onTrack = trackId) =>
    t.asAdmin.post(`/api/admin/projects/${projectId}/tracks/${onTrack}/versions`).send({ objectPath, notes: '' });
  const deliver = async (name: string) => {
    const objectPath = await uploadIntoProject(t, t.asAdmin, projectId, name, tone(2));
    return t.asAdmin.post(`/api/admin/projects/${projectId}/deliveries`).send({ objectPath });
  };
  /** The clock moves on by `ms` (Date only: the database and the server keep their real timers), then the sender runs. */
  const later = async (ms: number) => {
    vi.setSystemTime(Date.now() + ms);
    t.services.projects.projectEmails.sendSoon();
    await t.services.projects.projectEmails.idle();
  };

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    const made = await projectWithClient(t, { clientEmail, packageKey: 'intro', price: null });
    projectId = made.project.id;
    client = made.client;
    trackId = (await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks`).send({ title: 'Northern Lights' })).body.id;
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.close());

  it('a version registration retried answers the same version: one version, one e-mail', async () => {
    const objectPath = await uploadIntoProject(t, t.asAdmin, projectId, 'mix-v1.wav', tone(20));
    const first = await addVersion(objectPath);
    expect(first.status).toBe(201);
    // The answer was lost (a pause, a reload): the uploader registers the same upload again.
    const again = await addVersion(objectPath);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, number: 1 });
    // The same upload is still no version of another track.
    const other = (await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks`).send({ title: 'B-side' })).body.id as number;
    expect((await addVersion(objectPath, other)).status).toBe(400);
    // (No route removes a track; the test's second track goes so that the next test approves every track.)
    await t.services.db.deleteFrom('projectTracks').where('id', '=', other).execute();
    await t.services.projects.projectFileProcessing.idle();

    const view = await adminView();
    const track = view.tracks.find((candidate: { id: number }) => candidate.id === trackId);
    expect(track.versions.map((version: { number: number }) => version.number)).toEqual([1]);
    const log = view.activity.map((entry: { summary: string }) => entry.summary);
    expect(log.filter((line: string) => line === 'Uploaded v1 of "Northern Lights" for review')).toHaveLength(1);
    const queued = await t.services.db
      .selectFrom('projectEmails')
      .select('id')
      .where('projectId', '=', projectId)
      .where('kind', '=', 'version_ready')
      .execute();
    expect(queued).toHaveLength(1);
  });

  it('approving the only track leaves the project approved, masters in preparation, still open to client files', async () => {
    const [track] = (await adminView()).tracks as { id: number; versions: { id: number }[] }[];
    const version = track!.versions[0]!.id;
    const approved = await t.asClient(client).post(`/api/portal/projects/${projectId}/tracks/${trackId}/versions/${version}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.projectStatus).toBe('approved');
    // The studio hears at once that the masters are what is left.
    await t.services.projects.projectEmails.idle();
    const decision = t.mail.filter((m) => m.to === DEFAULT_STUDIO_EMAIL && /approved version 1/.test(m.subject)).at(-1);
    expect(decision!.text).toContain('Every track is approved: masters in preparation.');
    expect(decision!.text).toContain(`/manage/projects/${projectId}#project-deliveries`);

    expect((await portalView()).status).toBe('approved');
    expect((await portalView()).deliveries).toEqual([]);
    expect((await adminView()).status).toBe('approved');
    expect((await adminView()).activity.map((entry: { summary: string }) => entry.summary)).toContain(
      'Moved the project from In review to Approved',
    );
    // Approved is active: the owner's list counts it.
    const list = await t.asAdmin.get('/api/admin/projects');
    expect(list.body.counts.active).toBeGreaterThanOrEqual(1);
    expect(list.body.projects.find((p: { id: number }) => p.id === projectId).status).toBe('approved');

    // A last reference for the master is still welcome.
    const objectPath = await uploadIntoProject(t, t.asClient(client), projectId, 'reference.wav', tone(2));
    const sent = await t.asClient(client).post(`/api/portal/projects/${projectId}/files`).send({ objectPath, category: 'reference' });
    expect(sent.status).toBe(201);
  });

  it('a delivery moves it to delivered; the client hears within a minute, after what was queued before, in one e-mail', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const toClient = () => t.mail.filter((m) => m.to === clientEmail && /your delivery/.test(m.subject));
    const toStudio = () => t.mail.filter((m) => m.to === DEFAULT_STUDIO_EMAIL && /sent 1 file/.test(m.subject));
    const before = t.mail.length;

    expect((await deliver('Northern Lights (master).wav')).status).toBe(201);
    expect((await adminView()).status).toBe('delivered');
    expect((await portalView()).status).toBe('delivered');
    expect((await portalView()).deliveries.map((file: { name: string }) => file.name)).toEqual(['Northern Lights (master).wav']);
    expect((await adminView()).activity.map((entry: { summary: string }) => entry.summary)).toContain(
      'Moved the project from Approved to Delivered',
    );
    // Masters uploaded together: the second arrives while the first waits for company.
    await later(10_000);
    expect((await deliver('Northern Lights (instrumental).wav')).status).toBe(201);
    await later(1_000);
    expect(toClient()).toHaveLength(0);

    // Within a minute of the first master: one e-mail names both, and the client's reference (queued before) went first.
    await later(48_000);
    expect(toClient()).toHaveLength(1);
    expect(toClient()[0]!.text).toContain('Northern Lights (master).wav');
    expect(toClient()[0]!.text).toContain('Northern Lights (instrumental).wav');
    const order = t.mail.slice(before);
    expect(order.indexOf(toStudio()[0]!)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(toStudio()[0]!)).toBeLessThan(order.indexOf(toClient()[0]!));

    // Delivered closes the client's uploads, as before.
    const refused = await t.asClient(client).post('/api/uploads/s3/multipart').send({ filename: 'late.wav', metadata: { projectId } });
    expect(refused.status).toBe(409);
  });
});
