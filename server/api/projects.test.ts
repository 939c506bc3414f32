import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTool } from '#server/test-support/system-tools.ts';
import { fileWarnings } from '#common/project-file-warnings.ts';
import { MIN_PART_BYTES } from '#common/uploads.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import { encodeWav, wavHeader } from '#server/audio/wav.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';
import {
  createProjectsTestApp,
  followSignInLink,
  PROJECT_INPUT,
  projectWithClient,
  signInLinkFor,
  uploadIntoProject,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';

describe.each(testDialects())('client projects: records, invitations and access (%s)', (dialect) => {
  let t: ProjectsTestApp;
  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
  });
  afterAll(() => t.close());

  it('the owner creates a project from a contact submission: prefilled record, enquiry linked and in progress', async () => {
    const submission = await t.services.db
      .insertInto('contactSubmissions')
      .values({
        name: 'Ben Ray',
        email: 'ben@example.com',
        phone: null,
        message: 'Mix my EP please, five songs.',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.asAdmin.post('/api/admin/projects').send({
      ...PROJECT_INPUT,
      title: 'Ben Ray EP',
      clientName: 'Ben Ray',
      clientEmail: 'Ben@Example.com',
      contactSubmissionId: submission.id,
    });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/admin/projects/${res.body.id}`);
    expect(res.body).toMatchObject({
      title: 'Ben Ray EP',
      clientEmail: 'ben@example.com',
      status: 'awaiting_files',
      packageKey: 'premium',
      price: 350,
    });
    expect(res.body.packageTitle).toBeTruthy();
    expect(res.body.activity[0].summary).toBe('Created the project from a contact enquiry');
    const linked = await t.services.db
      .selectFrom('contactSubmissions')
      .select('status')
      .where('id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(linked.status).toBe('in_progress');
  });

  it('refuses an invalid project with field messages and stores nothing', async () => {
    const before = (await t.asAdmin.get('/api/admin/projects')).body.projects.length;
    const res = await t.asAdmin
      .post('/api/admin/projects')
      .send({ ...PROJECT_INPUT, clientEmail: 'not-an-address', dueDate: '2026-02-30' });
    expect(res.status).toBe(400);
    expect(res.body.errors.clientEmail).toBeDefined();
    expect(res.body.errors.dueDate).toBeDefined();
    const gone = await t.asAdmin.post('/api/admin/projects').send({ ...PROJECT_INPUT, contactSubmissionId: 999999 });
    expect(gone.status).toBe(400);
    // A message in the spam folder is not an enquiry until the owner moves it to the inbox.
    const spam = await t.services.db
      .insertInto('contactSubmissions')
      .values({ name: 'Spam Bot', email: 'bot@example.com', message: 'Buy streams today, cheap.', spamReason: 'honeypot' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fromSpam = await t.asAdmin.post('/api/admin/projects').send({ ...PROJECT_INPUT, contactSubmissionId: spam.id });
    expect(fromSpam.status).toBe(400);
    const still = await t.services.db
      .selectFrom('contactSubmissions')
      .select(['status', 'spamReason'])
      .where('id', '=', spam.id)
      .executeTakeFirst();
    expect(still).toEqual({ status: 'new', spamReason: 'honeypot' });
    expect((await t.asAdmin.get('/api/admin/projects')).body.projects.length).toBe(before);
  });

  it('an invitation e-mails a single-use link that opens a client session limited to that client', async () => {
    const { project, client } = await projectWithClient(t);
    const mine = await t.asClient(client).get('/api/portal/projects');
    expect(mine.status).toBe(200);
    expect(mine.body.projects.map((p: { id: number }) => p.id)).toEqual([project.id]);
    const view = await t.asClient(client).get(`/api/portal/projects/${project.id}`);
    expect(view.status).toBe(200);
    expect(view.body).not.toHaveProperty('notes');
    expect(view.body).not.toHaveProperty('price');
    // The same link again: used.
    const again = await t.request.get(
      new URL(signInLinkFor(t.mail, project.clientEmail)).pathname + new URL(signInLinkFor(t.mail, project.clientEmail)).search,
    );
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/portal?link=invalid');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it("another client's project is a 404, and the two sessions never stand for each other", async () => {
    const first = await projectWithClient(t, { clientEmail: 'first@example.com' });
    const second = await projectWithClient(t, { clientEmail: 'second@example.com' });
    expect((await t.asClient(second.client).get(`/api/portal/projects/${first.project.id}`)).status).toBe(404);
    expect((await t.asClient(second.client).patch(`/api/portal/projects/${first.project.id}`).send({ clientNotes: 'hi' })).status).toBe(
      404,
    );
    // A client cookie on the admin API, an admin cookie on the portal API: 401.
    expect((await t.asClient(first.client).get('/api/admin/projects')).status).toBe(401);
    expect((await t.asClient(first.client).get(`/api/admin/projects/${first.project.id}`)).status).toBe(401);
    expect((await t.asAdmin.get('/api/portal/projects')).status).toBe(401);
    expect((await t.request.get('/api/portal/projects')).status).toBe(401);
    expect((await t.request.get('/api/admin/projects')).status).toBe(401);
  });

  it('asking for a link says the same for a known and an unknown address; only the known one gets mail', async () => {
    await projectWithClient(t, { clientEmail: 'known@example.com' });
    const before = t.mail.length;
    const known = await t.request.post('/api/portal/sign-in').set('Origin', 'http://localhost:3000').send({ email: 'known@example.com' });
    const unknown = await t.request
      .post('/api/portal/sign-in')
      .set('Origin', 'http://localhost:3000')
      .send({ email: 'nobody@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    await settleBackgroundWork();
    await t.services.projects.projectEmails.idle();
    const sent = t.mail.slice(before);
    expect(sent.map((m) => m.to)).toEqual(['known@example.com']);
    const client = await followSignInLink(t, signInLinkFor(t.mail, 'known@example.com'));
    expect((await t.asClient(client).get('/api/portal/projects')).status).toBe(200);
  });

  it('an expired link opens nothing', async () => {
    const { project } = await projectWithClient(t, { clientEmail: 'late@example.com' });
    await t.asAdmin.post(`/api/admin/projects/${project.id}/invite`);
    await t.services.projects.projectEmails.idle();
    const link = signInLinkFor(t.mail, 'late@example.com');
    await t.services.db
      .updateTable('clientSignInLinks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'late@example.com')
      .execute();
    const url = new URL(link);
    const res = await t.request.get(url.pathname + url.search);
    expect(res.headers.location).toBe('/portal?link=invalid');
  });

  it('revoking access ends the client session at once; inviting again restores it', async () => {
    const { project, client } = await projectWithClient(t, { clientEmail: 'revoked@example.com' });
    const revoked = await t.asAdmin.post(`/api/admin/projects/${project.id}/revoke-access`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.accessRevokedAt).toBeTruthy();
    expect((await t.asClient(client).get('/api/portal/projects')).status).toBe(401);
    const before = t.mail.length;
    await t.request.post('/api/portal/sign-in').set('Origin', 'http://localhost:3000').send({ email: 'revoked@example.com' });
    await settleBackgroundWork();
    await t.services.projects.projectEmails.idle();
    expect(t.mail.length).toBe(before);
    await t.asAdmin.post(`/api/admin/projects/${project.id}/invite`);
    await t.services.projects.projectEmails.idle();
    const back = await followSignInLink(t, signInLinkFor(t.mail, 'revoked@example.com'));
    expect((await t.asClient(back).get(`/api/portal/projects/${project.id}`)).status).toBe(200);
  });

  it('status changes are logged and counted on the dashboard', async () => {
    const { project } = await projectWithClient(t, { clientEmail: 'status@example.com', dueDate: new Date().toISOString().slice(0, 10) });
    const moved = await t.asAdmin.patch(`/api/admin/projects/${project.id}`).send({ status: 'in_progress', price: 400 });
    expect(moved.status).toBe(200);
    expect(moved.body.activity.map((a: { summary: string }) => a.summary)).toEqual(
      expect.arrayContaining(['Moved the project from Awaiting files to In progress', 'Changed the price']),
    );
    const bad = await t.asAdmin.patch(`/api/admin/projects/${project.id}`).send({ status: 'finished' });
    expect(bad.status).toBe(400);
    const list = await t.asAdmin.get('/api/admin/projects');
    expect(list.body.counts.active).toBeGreaterThan(0);
    expect(list.body.counts.dueThisWeek).toBeGreaterThan(0);
  });
});

const BUCKET = 'studio-projects';
const storeCases = testDialects().flatMap((dialect) => (['local', 's3'] as const).map((store) => [store, dialect] as const));

/** The names and SHA-256 of every entry of a ZIP, read by Python's zipfile (which checks each CRC as it reads). */
function zipContents(zip: Buffer): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'project-zip-'));
  const file = path.join(dir, 'all.zip');
  writeFileSync(file, zip);
  const script = `import sys, zipfile, hashlib, json
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps({i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist()}))`;
  const result = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Record<string, string>;
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(storeCases)('client projects: uploads into a project, %s store on %s', (storeKind, dialect) => {
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

  // A mono 16-bit WAV just over one part long (its samples a constant: no need for real sound here).
  const frames = Math.floor((MIN_PART_BYTES + 1000 - 44) / 2);
  const file: Buffer = Buffer.concat([wavHeader(1, 8000, frames), Buffer.alloc(frames * 2, 7)]);

  async function uploadAs(
    agent: ReturnType<ProjectsTestApp['asClient']>,
    projectId: number,
    name = 'lead-vocal.wav',
    bytes: Buffer = file,
  ) {
    return { location: await uploadIntoProject(t, agent, projectId, name, bytes) };
  }

  it('a client uploads into their own project, registers it, and the server checksums it', async () => {
    const { project, client } = await projectWithClient(t);
    const { location } = await uploadAs(t.asClient(client), project.id);
    expect(location).toMatch(new RegExp(`^/objects/projects/${project.id}/`));
    const registered = await t
      .asClient(client)
      .post(`/api/portal/projects/${project.id}/files`)
      .send({ objectPath: location, category: 'stems' });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ name: 'lead-vocal.wav', size: file.length, side: 'client', category: 'stems' });
    // Once only: registering the same upload again answers the same file.
    const again = await t.asClient(client).post(`/api/portal/projects/${project.id}/files`).send({ objectPath: location });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(registered.body.id);
    await t.services.projects.projectFileProcessing.idle();
    const view = await t.asClient(client).get(`/api/portal/projects/${project.id}`);
    expect(view.body.files[0].sha256).toBe(createHash('sha256').update(file).digest('hex'));
    const download = await t.asClient(client).get(`/api/portal/projects/${project.id}/files/${registered.body.id}/download`).buffer(true);
    expect(download.status).toBe(200);
    expect(Buffer.from(download.body).equals(file)).toBe(true);
    expect(download.headers['content-disposition']).toContain('lead-vocal.wav');
  });

  it('a 16-bit WAV is measured in the background and its table row shows the warning the file rules imply', async () => {
    const { project, client } = await projectWithClient(t, { clientEmail: 'measured@example.com' });
    const seconds = 60;
    const tone = sine(44_100, seconds, -3);
    const wav = encodeWav([tone, tone], 44_100, { bitDepth: 16 });
    const { location } = await uploadAs(t.asClient(client), project.id, 'guitar.wav', wav);
    expect((await t.asClient(client).post(`/api/portal/projects/${project.id}/files`).send({ objectPath: location })).status).toBe(201);
    await t.services.projects.projectFileProcessing.idle();
    const [measured] = (await t.asClient(client).get(`/api/portal/projects/${project.id}`)).body.files;
    expect(measured.analysisState).toBe('done');
    expect(measured.analysis).toMatchObject({ format: 'wav', sampleRate: 44_100, bitDepth: 16, channels: 2 });
    expect(measured.analysis.durationSeconds).toBeCloseTo(seconds, 1);
    expect(measured.analysis.peakDbfs).toBeCloseTo(-3, 0);
    expect(measured.analysis.loudnessLufs).toBeLessThan(0);
    const warnings = fileWarnings(measured.analysis).join(' ');
    expect(warnings).toMatch(/16-bit/);
    expect(warnings).toMatch(/44\.1/);
    expect(warnings).toMatch(/-3/);
  });

  it('a client may send audio or a ZIP, nothing else; the refused upload is removed', async () => {
    const { project, client } = await projectWithClient(t, { clientEmail: 'pdf@example.com' });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1000, 32)]);
    if (storeKind === 'local') {
      // The server receives the parts itself: the first one tells, and the upload ends there.
      const started = await t
        .asClient(client)
        .post('/api/uploads/s3/multipart')
        .send({ filename: 'lyrics.pdf', metadata: { projectId: project.id } });
      const { key, uploadId } = started.body as { key: string; uploadId: string };
      const signed = await t.asClient(client).get(`/api/uploads/s3/multipart/${uploadId}/1?key=${encodeURIComponent(key)}`);
      const put = await t.request
        .put(signed.body.url as string)
        .set('Content-Type', 'application/octet-stream')
        .send(pdf);
      expect(put.status).toBe(415);
      expect(put.body.message).toMatch(/not audio or a ZIP/);
      expect(await t.services.store.stat(key)).toBeNull();
    } else {
      // A bucket takes the parts straight from the browser: registration tells, and removes the file.
      const { location } = await uploadAs(t.asClient(client), project.id, 'lyrics.pdf', pdf);
      const refused = await t.asClient(client).post(`/api/portal/projects/${project.id}/files`).send({ objectPath: location });
      expect(refused.status).toBe(415);
      expect(await t.services.store.stat(location!.replace('/objects/', ''))).toBeNull();
    }
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    const zipped = await uploadAs(t.asClient(client), project.id, 'stems.zip', zip);
    const accepted = await t.asClient(client).post(`/api/portal/projects/${project.id}/files`).send({ objectPath: zipped.location });
    expect(accepted.status).toBe(201);
    await t.services.projects.projectFileProcessing.idle();
    const view = await t.asClient(client).get(`/api/portal/projects/${project.id}`);
    expect(view.body.files.map((f: { name: string; analysisState: string }) => [f.name, f.analysisState])).toEqual([
      ['stems.zip', 'not-audio'],
    ]);
  });

  it("a client cannot upload into, or register into, another client's project", async () => {
    const mine = await projectWithClient(t, { clientEmail: 'mine@example.com' });
    const theirs = await projectWithClient(t, { clientEmail: 'theirs@example.com' });
    const refused = await t
      .asClient(mine.client)
      .post('/api/uploads/s3/multipart')
      .send({ filename: 'x.wav', metadata: { projectId: theirs.project.id } });
    expect(refused.status).toBe(404);
    const noProject = await t.asClient(mine.client).post('/api/uploads/s3/multipart').send({ filename: 'x.wav', metadata: {} });
    expect(noProject.status).toBe(400);
    // An upload made for their own project cannot be registered into the other one.
    const { location } = await uploadAs(t.asClient(mine.client), mine.project.id);
    const crossed = await t.asClient(theirs.client).post(`/api/portal/projects/${theirs.project.id}/files`).send({ objectPath: location });
    expect(crossed.status).toBe(400);
    const other = await t.asClient(mine.client).post(`/api/portal/projects/${theirs.project.id}/files`).send({ objectPath: location });
    expect(other.status).toBe(404);
  });

  it('the owner delivers a master; the client is told and downloads it', async () => {
    const { project, client } = await projectWithClient(t, { clientEmail: 'deliver@example.com', price: null });
    const { location } = await uploadAs(t.asAdmin, project.id, 'Midnight Drive (master).wav');
    const delivered = await t.asAdmin.post(`/api/admin/projects/${project.id}/deliveries`).send({ objectPath: location });
    expect(delivered.status).toBe(201);
    expect(delivered.body.side).toBe('studio');
    const view = await t.asClient(client).get(`/api/portal/projects/${project.id}`);
    expect(view.body.deliveries.map((f: { name: string }) => f.name)).toEqual(['Midnight Drive (master).wav']);
    const download = await t.asClient(client).get(`/api/portal/projects/${project.id}/files/${delivered.body.id}/download`).buffer(true);
    expect(download.status).toBe(200);
    const log = await t.asAdmin.get(`/api/admin/projects/${project.id}`);
    expect(log.body.activity.map((a: { summary: string }) => a.summary)).toContain('Downloaded Midnight Drive (master).wav');
  });

  it('every delivery as one ZIP, streamed with an exact length; checksums match what was uploaded', async () => {
    requireTool('python3');
    const { project, client } = await projectWithClient(t, { clientEmail: 'zip@example.com', price: null });
    for (const name of ['Song (master).wav', 'Song (master).wav', 'Song (instrumental).wav']) {
      const { location } = await uploadAs(t.asAdmin, project.id, name);
      expect((await t.asAdmin.post(`/api/admin/projects/${project.id}/deliveries`).send({ objectPath: location })).status).toBe(201);
    }
    const zip = await t
      .asClient(client)
      .get(`/api/portal/projects/${project.id}/deliveries.zip`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Number(zip.headers['content-length'])).toBe((zip.body as Buffer).length);
    expect(zip.headers['content-disposition']).toContain('Midnight Drive (single) - deliveries.zip');
    expect(zipContents(zip.body as Buffer)).toEqual({
      'Song (master).wav': sha256(file),
      'Song (master) (2).wav': sha256(file),
      'Song (instrumental).wav': sha256(file),
    });
    // The owner's ZIP of the client's files: none yet.
    expect((await t.asAdmin.get(`/api/admin/projects/${project.id}/files.zip?side=client`)).status).toBe(404);
    const log = await t.asAdmin.get(`/api/admin/projects/${project.id}`);
    expect(log.body.activity.map((a: { summary: string }) => a.summary)).toContain('Downloaded all 3 deliveries as one ZIP');
  });

  it('a client cannot add files once the project is delivered; the owner still can', async () => {
    const { project, client } = await projectWithClient(t, { clientEmail: 'closed@example.com' });
    await t.asAdmin.patch(`/api/admin/projects/${project.id}`).send({ status: 'delivered' });
    const refused = await t
      .asClient(client)
      .post('/api/uploads/s3/multipart')
      .send({ filename: 'late.wav', metadata: { projectId: project.id } });
    expect(refused.status).toBe(409);
    expect(
      (await t.asAdmin.post('/api/uploads/s3/multipart').send({ filename: 'm.wav', metadata: { projectId: project.id } })).status,
    ).toBe(200);
  });
});

describe.each(testDialects())('client projects: who may call what (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let own: { id: number; client: string; fileId: number };
  let otherClient: string;
  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    const mine = await projectWithClient(t, { clientEmail: 'owner-of@example.com', price: null });
    const other = await projectWithClient(t, { clientEmail: 'someone-else@example.com' });
    otherClient = other.client;
    const objectKey = `projects/${mine.project.id}/seed`;
    await t.services.store.write(objectKey, Buffer.from('delivered bytes'), 'application/octet-stream');
    const file = await t.services.db
      .insertInto('projectFiles')
      .values({
        projectId: mine.project.id,
        side: 'studio',
        category: 'delivery',
        name: 'master.wav',
        objectKey,
        size: 15,
        sha256: null,
        contentType: 'application/octet-stream',
        analysis: null,
        uploadedBy: 'admin:1',
        removedAt: null,
        processingUntil: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    own = { id: mine.project.id, client: mine.client, fileId: file.id };
  });
  afterAll(() => t.close());

  type Call = [method: 'get' | 'post' | 'patch' | 'delete', path: () => string, body?: object];
  const adminCalls: Call[] = [
    ['get', () => '/api/admin/projects'],
    ['post', () => '/api/admin/projects', PROJECT_INPUT],
    ['get', () => `/api/admin/projects/${own.id}`],
    ['patch', () => `/api/admin/projects/${own.id}`, { notes: 'x' }],
    ['post', () => `/api/admin/projects/${own.id}/invite`],
    ['post', () => `/api/admin/projects/${own.id}/revoke-access`],
    ['post', () => `/api/admin/projects/${own.id}/deliveries`, { objectPath: '/objects/projects/1/x' }],
    ['get', () => `/api/admin/projects/${own.id}/files/${own.fileId}/download`],
    ['get', () => `/api/admin/projects/${own.id}/files.zip?side=studio`],
    ['delete', () => `/api/admin/projects/${own.id}/files/${own.fileId}`],
  ];
  const portalCalls: Call[] = [
    ['get', () => '/api/portal/projects'],
    ['get', () => `/api/portal/projects/${own.id}`],
    ['patch', () => `/api/portal/projects/${own.id}`, { clientNotes: 'Use the second take' }],
    ['post', () => `/api/portal/projects/${own.id}/files`, { objectPath: '/objects/projects/1/00000000-0000-4000-8000-000000000000' }],
    ['get', () => `/api/portal/projects/${own.id}/files/${own.fileId}/download`],
    ['get', () => `/api/portal/projects/${own.id}/deliveries.zip`],
  ];
  const send = (agent: ReturnType<ProjectsTestApp['asClient']>, [method, target, body]: Call) => {
    const req = agent[method](target());
    return body ? req.send(body) : req;
  };
  const visitor = () => t.asClient('');
  /** The path as the test's title shows it, before the ids exist. */
  const label = (call: Call) =>
    call[1]
      .toString()
      .replace(/^\(\) => /, '')
      .replace(/\$\{own\.(\w+)\}/g, ':$1');

  it.each(adminCalls.map((call) => [call[0].toUpperCase(), label(call), call] as const))(
    '%s %s: 401 without an admin session, even with a client one',
    async (_m, _p, call) => {
      expect((await send(visitor(), call)).status).toBe(401);
      expect((await send(t.asClient(own.client), call)).status).toBe(401);
    },
  );

  it.each(portalCalls.map((call) => [call[0].toUpperCase(), label(call), call] as const))(
    '%s %s: 401 without a client session, even with an admin one; 404 for another client',
    async (_m, _p, call) => {
      expect((await send(visitor(), call)).status).toBe(401);
      expect((await send(t.asAdmin, call)).status).toBe(401);
      if (call !== portalCalls[0]) expect((await send(t.asClient(otherClient), call)).status).toBe(404);
    },
  );

  it('the right client and the owner get through', async () => {
    for (const call of portalCalls) {
      const status = (await send(t.asClient(own.client), call)).status;
      // Registering an upload that was never made is the only refusal: a 400, not an access error.
      expect([200, 201, 400]).toContain(status);
    }
    for (const call of adminCalls) expect([200, 201, 202, 204, 400]).toContain((await send(t.asAdmin, call)).status);
  });
});
