import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PART_BYTES } from '#common/uploads.ts';
import { wavHeader } from '#server/audio/wav.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';

// The end of an upload (issue 32): a completion whose answer was lost (Pause while it was in flight,
// a reload) is retried and answers the same; the file is registered once; nothing joined is left
// unregistered; an empty file and a renamed program are refused before the bytes are all sent.

const BUCKET = 'studio-finish';
const stores = ['local', 's3'] as const;
const cases = testDialects().flatMap((dialect) => stores.map((store) => [store, dialect] as const));

type Agent = ReturnType<ProjectsTestApp['asClient']>;

/** A mono 16-bit WAV just over one part, so it travels in two parts. */
const frames = Math.floor((MIN_PART_BYTES + 1000 - 44) / 2);
const wav = Buffer.concat([wavHeader(1, 8000, frames), Buffer.alloc(frames * 2, 7)]);
/** A Windows program's first bytes ("MZ", then the DOS stub), named .wav by whoever sent it. */
const program = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode.', 'latin1'),
  Buffer.alloc(MIN_PART_BYTES + 500, 0x90),
]);

describe.each(cases)('the end of an upload, %s store on %s', (storeKind, dialect) => {
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
  const newProject = () => projectWithClient(t, { clientEmail: `finish-${++clients}@example.com` });

  interface Upload {
    base: string;
    query: string;
    key: string;
  }

  async function start(agent: Agent, projectId: number, name: string, size?: number) {
    return agent
      .post('/api/uploads/s3/multipart')
      .send({ filename: name, type: 'audio/wav', metadata: { projectId }, ...(size === undefined ? {} : { size }) });
  }

  async function begin(agent: Agent, projectId: number, name: string, bytes: Buffer): Promise<Upload> {
    const started = await start(agent, projectId, name, bytes.length);
    expect(started.status).toBe(200);
    const { key, uploadId } = started.body as { key: string; uploadId: string };
    return { base: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`, query: `?key=${encodeURIComponent(key)}`, key };
  }

  /** Signs and PUTs part `n` where the browser would; answers the PUT's status and ETag. */
  async function putPart(agent: Agent, upload: Upload, n: number, body: Buffer): Promise<{ status: number; etag: string }> {
    const signed = await agent.get(`${upload.base}/${n}${upload.query}`);
    expect(signed.status).toBe(200);
    const url = signed.body.url as string;
    if (url.startsWith('/')) {
      const put = await t.request.put(url).set('Content-Type', 'application/octet-stream').send(body);
      return { status: put.status, etag: put.headers.etag as string };
    }
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
    return { status: put.status, etag: put.headers.get('etag') ?? '' };
  }

  async function sendAll(agent: Agent, upload: Upload, bytes: Buffer) {
    const parts = [bytes.subarray(0, MIN_PART_BYTES), bytes.subarray(MIN_PART_BYTES)];
    const etags: string[] = [];
    for (const [index, body] of parts.entries()) {
      const put = await putPart(agent, upload, index + 1, body);
      expect(put.status).toBe(200);
      etags.push(put.etag);
    }
    return { parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })) };
  }

  const complete = (agent: Agent, upload: Upload, body: { parts: { PartNumber: number; ETag: string }[] }) =>
    agent.post(`${upload.base}/complete${upload.query}`).send(body);
  const register = (agent: Agent, projectId: number, objectPath: string, category = 'stems') =>
    agent.post(`/api/portal/projects/${projectId}/files`).send({ objectPath, category });
  const filesOf = async (agent: Agent, projectId: number) =>
    (await agent.get(`/api/portal/projects/${projectId}`)).body.files as { id: number; name: string; category: string }[];

  it('a completion retried after it succeeded answers the same, and the file is registered once', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const upload = await begin(agent, project.id, 'bass.wav', wav);
    const body = await sendAll(agent, upload, wav);
    const first = await complete(agent, upload, body);
    expect(first.status).toBe(200);
    // Pause pressed while that answer was on its way: the uploader lists the parts again, then completes again.
    const listed = await agent.get(`${upload.base}${upload.query}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((part: { PartNumber: number }) => part.PartNumber)).toEqual([1, 2]);
    const again = await complete(agent, upload, body);
    expect(again.status).toBe(200);
    expect(again.body.location).toBe(first.body.location);

    const registered = await register(agent, project.id, first.body.location, 'reference');
    expect(registered.status).toBe(201);
    const registeredAgain = await register(agent, project.id, again.body.location, 'reference');
    expect(registeredAgain.status).toBe(201);
    expect(registeredAgain.body.id).toBe(registered.body.id);
    const files = await filesOf(agent, project.id);
    expect(files.map((file) => [file.name, file.category])).toEqual([['bass.wav', 'reference']]);
  });

  it('a Resume pressed while the paused completion is still joining: its listing and completion answer the same upload', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const upload = await begin(agent, project.id, 'organ.wav', wav);
    const body = await sendAll(agent, upload, wav);
    // The held completion reaches the server at the moment the resumed uploader lists the parts and completes again.
    const [first, listed, again, listedAgain] = await Promise.all([
      complete(agent, upload, body),
      agent.get(`${upload.base}${upload.query}`),
      complete(agent, upload, body),
      agent.get(`${upload.base}${upload.query}`),
    ]);
    for (const answer of [first, listed, again, listedAgain]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const listing of [listed, listedAgain])
      expect(listing.body.map((part: { PartNumber: number }) => part.PartNumber)).toEqual([1, 2]);
    expect(again.body.location).toBe(first.body.location);
    const registered = await Promise.all([
      register(agent, project.id, first.body.location),
      register(agent, project.id, again.body.location),
    ]);
    expect(registered.map((answer) => answer.status)).toEqual([201, 201]);
    expect(registered[1].body.id).toBe(registered[0].body.id);
    expect((await filesOf(agent, project.id)).map((file) => file.name)).toEqual(['organ.wav']);
  });

  it('a completion whose join happened but was never recorded is recovered, and the file registers', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const upload = await begin(agent, project.id, 'keys.wav', wav);
    const body = await sendAll(agent, upload, wav);
    expect((await complete(agent, upload, body)).status).toBe(200);
    // As if the process stopped between joining the parts and writing that down.
    await t.services.db.updateTable('multipartUploads').set({ completedParts: null }).where('objectKey', '=', upload.key).execute();
    const retried = await complete(agent, upload, body);
    expect(retried.status).toBe(200);
    expect((await register(agent, project.id, retried.body.location)).status).toBe(201);
    expect((await filesOf(agent, project.id)).map((file) => file.name)).toEqual(['keys.wav']);
  });

  it('a registration that failed after the join is made by the next attempt; nothing is left unregistered', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const upload = await begin(agent, project.id, 'drums.wav', wav);
    const body = await sendAll(agent, upload, wav);
    const done = await complete(agent, upload, body);
    expect(done.status).toBe(200);
    // The first registration does not get through (here: refused as malformed; in life a lost connection).
    expect((await register(agent, project.id, done.body.location, 'not-a-category')).status).toBe(400);
    const retried = await complete(agent, upload, body);
    expect(retried.status).toBe(200);
    expect((await register(agent, project.id, retried.body.location)).status).toBe(201);
    expect((await filesOf(agent, project.id)).map((file) => file.name)).toEqual(['drums.wav']);
    // Every joined object of the project is a registered file.
    const registeredKeys = await t.services.db.selectFrom('projectFiles').select('objectKey').where('projectId', '=', project.id).execute();
    expect(registeredKeys.map((row) => row.objectKey)).toEqual([upload.key]);
    expect(await t.services.store.stat(upload.key)).not.toBeNull();
  });

  it('refuses an empty file at the start with a clear 400, and reserves and stores nothing', async () => {
    const { project, client } = await newProject();
    const refused = await start(t.asClient(client), project.id, 'empty.wav', 0);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/empty \(0 bytes\)/);
    expect(refused.body.errors.size).toBeDefined();
    const reservations = await t.services.db.selectFrom('projectUploads').select('uploadKey').where('projectId', '=', project.id).execute();
    expect(reservations).toEqual([]);
    const stored = [];
    for await (const object of t.services.store.list(`projects/${project.id}/`)) stored.push(object);
    expect(stored).toEqual([]);
  });

  it('refuses a program renamed .wav: at its first part where the server receives parts, and never registers it', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const upload = await begin(agent, project.id, 'setup.wav', program);
    const first = await putPart(agent, upload, 1, program.subarray(0, MIN_PART_BYTES));
    if (storeKind === 'local') {
      expect(first.status).toBe(415);
      // The upload is over: no second part is taken.
      expect((await agent.get(`${upload.base}/2${upload.query}`)).status).toBe(404);
      expect(await t.services.store.stat(upload.key)).toBeNull();
      return;
    }
    // A bucket takes parts straight from the browser; the file is judged when it is registered, and removed.
    expect(first.status).toBe(200);
    const second = await putPart(agent, upload, 2, program.subarray(MIN_PART_BYTES));
    const done = await complete(agent, upload, { parts: [first, second].map((part, i) => ({ PartNumber: i + 1, ETag: part.etag })) });
    expect(done.status).toBe(200);
    const registered = await register(agent, project.id, done.body.location);
    expect(registered.status).toBe(415);
    expect(await t.services.store.stat(upload.key)).toBeNull();
    expect(await filesOf(agent, project.id)).toEqual([]);
  });

  it('takes an odd browser content type as octet-stream, and answers a key or upload id with a NUL with 404', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const odd = await agent
      .post('/api/uploads/s3/multipart')
      .send({ filename: 'euro.wav', type: 'audio/wav\u20ac', metadata: { projectId: project.id }, size: wav.length });
    expect(odd.status).toBe(200);
    const { key, uploadId } = odd.body as { key: string; uploadId: string };
    const id = encodeURIComponent(uploadId);
    for (const path of [
      `/api/uploads/s3/multipart/${id}?key=${encodeURIComponent(key)}%00`,
      `/api/uploads/s3/multipart/${id}%00?key=${encodeURIComponent(key)}`,
      `/api/uploads/s3/multipart/${id}/1?key=%00`,
    ]) {
      expect((await agent.get(path)).status, path).toBe(404);
    }
    expect((await agent.delete(`/api/uploads/s3/multipart/${id}%00?key=${encodeURIComponent(key)}`)).status).toBe(404);
    // The upload itself is untouched.
    expect((await agent.get(`/api/uploads/s3/multipart/${id}?key=${encodeURIComponent(key)}`)).status).toBe(200);
  });
});
