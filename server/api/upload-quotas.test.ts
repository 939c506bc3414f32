import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFileSize } from '#common/file-size.ts';
import { MAX_PROJECT_FILE_BYTES } from '#common/projects.ts';
import { MIN_PART_BYTES } from '#common/uploads.ts';
import { wavHeader } from '#server/audio/wav.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, projectWithClient, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';
import { MAX_OPEN_BYTES_PER_CALLER, MAX_OPEN_UPLOADS_PER_CALLER } from '#server/uploads/open-upload-limits.ts';

// Unfinished uploads have a quota (issue 27, item 3): a caller may hold only so many open uploads,
// and so many declared bytes in them; a declared size over the file limit is refused at the start,
// and no part takes an upload past the size it declared (decision 083).

const BUCKET = 'studio-quotas';
const stores = ['local', 's3'] as const;
const cases = testDialects().flatMap((dialect) => stores.map((store) => [store, dialect] as const));

type Agent = ReturnType<ProjectsTestApp['asClient']> | ProjectsTestApp['asAdmin'];

/** A mono 16-bit WAV just over one part, so it travels in two parts. */
const frames = Math.floor((MIN_PART_BYTES + 1000 - 44) / 2);
const wav = Buffer.concat([wavHeader(1, 8000, frames), Buffer.alloc(frames * 2, 7)]);
const firstPart = wav.subarray(0, MIN_PART_BYTES);
const lastPart = wav.subarray(MIN_PART_BYTES);

describe.each(cases)('unfinished upload quotas, %s store on %s', (storeKind, dialect) => {
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
  const newProject = () => projectWithClient(t, { clientEmail: `quota-${++clients}@example.com` });

  interface Upload {
    base: string;
    query: string;
    key: string;
  }

  const start = (agent: Agent, projectId: number, name: string, size: number | undefined = wav.length) =>
    agent
      .post('/api/uploads/s3/multipart')
      .send({ filename: name, type: 'audio/wav', metadata: { projectId }, ...(size === undefined ? {} : { size }) });

  async function begin(agent: Agent, projectId: number, name: string, size?: number): Promise<Upload> {
    const started = await start(agent, projectId, name, size);
    expect(started.status, started.body.message).toBe(200);
    const { key, uploadId } = started.body as { key: string; uploadId: string };
    return { base: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`, query: `?key=${encodeURIComponent(key)}`, key };
  }

  const sign = (agent: Agent, upload: Upload, n: number) => agent.get(`${upload.base}/${n}${upload.query}`);

  /** Signs and PUTs part `n` where the browser would; answers the PUT's status and ETag. */
  async function putPart(
    agent: Agent,
    upload: Upload,
    n: number,
    body: Buffer,
  ): Promise<{ status: number; etag: string; message?: string }> {
    const signed = await sign(agent, upload, n);
    expect(signed.status).toBe(200);
    const url = signed.body.url as string;
    if (url.startsWith('/')) {
      const put = await t.request.put(url).set('Content-Type', 'application/octet-stream').send(body);
      return { status: put.status, etag: put.headers.etag as string, message: put.body?.message as string | undefined };
    }
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
    return { status: put.status, etag: put.headers.get('etag') ?? '' };
  }

  /** Sends the WAV in its two parts and completes: answers the completion. */
  async function finish(agent: Agent, upload: Upload) {
    const etags: string[] = [];
    for (const [index, body] of [firstPart, lastPart].entries()) {
      const put = await putPart(agent, upload, index + 1, body);
      expect(put.status).toBe(200);
      etags.push(put.etag);
    }
    return agent.post(`${upload.base}/complete${upload.query}`).send({ parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })) });
  }

  const openRows = async (projectId: number) =>
    (
      await t.services.db
        .selectFrom('multipartUploads')
        .select('uploadId')
        .where('projectId', '=', projectId)
        .where('completedParts', 'is', null)
        .execute()
    ).length;

  it(`the ${MAX_OPEN_UPLOADS_PER_CALLER + 1}st open upload is 429; the first still completes; the owner still delivers`, async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const opened: Upload[] = [];
    for (let i = 1; i <= MAX_OPEN_UPLOADS_PER_CALLER; i += 1) opened.push(await begin(agent, project.id, `take-${i}.wav`));

    const refused = await start(agent, project.id, 'one-more.wav');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      `Too many unfinished uploads (${MAX_OPEN_UPLOADS_PER_CALLER} at once): finish or cancel some of them first`,
    );
    expect(refused.headers['retry-after']).toBe('60');
    // Nothing was made for the refused one: no upload, no reserved key.
    expect(await openRows(project.id)).toBe(MAX_OPEN_UPLOADS_PER_CALLER);

    const first = await finish(agent, opened[0]!);
    expect(first.status).toBe(200);
    const registered = await agent
      .post(`/api/portal/projects/${project.id}/files`)
      .send({ objectPath: first.body.location, category: 'stems' });
    expect(registered.status).toBe(201);
    // One finished makes room for one more.
    await begin(agent, project.id, 'one-more.wav');

    // The studio's own bound is its own: its delivery goes through while the client is at theirs.
    const delivery = await begin(t.asAdmin, project.id, 'Master.wav');
    const joined = await finish(t.asAdmin, delivery);
    expect(joined.status).toBe(200);
    const delivered = await t.asAdmin.post(`/api/admin/projects/${project.id}/deliveries`).send({ objectPath: joined.body.location });
    expect(delivered.status).toBe(201);
  });

  it('a burst of starts at once gets no further than the bound', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const burst = await Promise.all(
      Array.from({ length: MAX_OPEN_UPLOADS_PER_CALLER + 10 }, (_, i) => start(agent, project.id, `burst-${i}.wav`)),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    expect(await openRows(project.id)).toBe(statuses.filter((status) => status === 200).length);
  });

  it('a caller at the bound gets room when their own uploads have been idle an hour', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    for (let i = 1; i <= MAX_OPEN_UPLOADS_PER_CALLER; i += 1) await begin(agent, project.id, `take-${i}.wav`);
    expect((await start(agent, project.id, 'late.wav')).status).toBe(429);
    // As if the tab closed two hours ago: nothing signed since.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    await t.services.db
      .updateTable('multipartUploads')
      .set({ createdAt: twoHoursAgo, touchedAt: null })
      .where('projectId', '=', project.id)
      .execute();
    await begin(agent, project.id, 'late.wav');
    expect(await openRows(project.id)).toBe(1);
  });

  it('declared bytes are bounded: four of the largest files at once, not a fifth', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    for (let i = 1; i <= 4; i += 1) await begin(agent, project.id, `huge-${i}.wav`, MAX_PROJECT_FILE_BYTES);
    const refused = await start(agent, project.id, 'small.wav');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      `Your unfinished uploads would come to more than ${formatFileSize(MAX_OPEN_BYTES_PER_CALLER)}: finish or cancel some of them first`,
    );
    // Not declaring a size counts as the largest the file may be: no way around the bound.
    expect((await start(agent, project.id, 'undeclared.wav', undefined)).status).toBe(429);
  });

  it('a declared size over the file limit is 413 at the start, and nothing is reserved', async () => {
    const { project, client } = await newProject();
    const refused = await start(t.asClient(client), project.id, 'too-big.wav', MAX_PROJECT_FILE_BYTES + 1);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(`The file is larger than ${formatFileSize(MAX_PROJECT_FILE_BYTES)}, the most one upload may be`);
    expect(await openRows(project.id)).toBe(0);
    const reserved = await t.services.db.selectFrom('projectUploads').select('uploadKey').where('projectId', '=', project.id).execute();
    expect(reserved).toEqual([]);
  });

  it('no part is signed beyond what the declared size needs', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const upload = await begin(agent, project.id, 'two-parts.wav');
    expect((await sign(agent, upload, 2)).status).toBe(200);
    const beyond = await sign(agent, upload, 3);
    expect(beyond.status).toBe(413);
    expect(beyond.body.message).toMatch(/^Part 3 is beyond this file’s|^Part 3 is beyond this file's/);
    // Within the declared size the upload goes on as before.
    expect((await finish(agent, upload)).status).toBe(200);
  });

  it.runIf(storeKind === 'local')('on this server, a part that takes the upload past its declared size is 413 and not kept', async () => {
    const { project, client } = await newProject();
    const agent = t.asClient(client);
    const upload = await begin(agent, project.id, 'grows.wav');
    expect((await putPart(agent, upload, 1, firstPart)).status).toBe(200);
    // The last part is 1000 bytes longer than the file said it would be.
    const longer = await putPart(agent, upload, 2, Buffer.concat([lastPart, Buffer.alloc(1000, 1)]));
    expect(longer.status).toBe(413);
    expect(longer.message).toMatch(/past the .* it was started with/);
    const listed = await agent.get(`${upload.base}${upload.query}`);
    expect(listed.body.map((part: { PartNumber: number }) => part.PartNumber)).toEqual([1]);
    // The right last part is taken, and the file completes.
    expect((await finish(agent, upload)).status).toBe(200);
  });
});
