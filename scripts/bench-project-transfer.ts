// `npm run bench:projects`: a client's 1 GB upload into a project through the local store (the
// uploader's multipart protocol, parts as the browser cuts them, six at a time), then the same file
// delivered by the owner and downloaded as the all-deliveries ZIP. Reports throughput and how much
// the server's resident memory grew above its level just before each transfer (sampled every 50 ms).
// BENCH_FILE_MB changes the size (default 1024).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MIN_PART_BYTES, UPLOAD_CONCURRENCY } from '#common/uploads.ts';
import { ensureBuild, startServer, type RunningServer } from './bench-support.ts';

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 1024);
const OWNER = { username: 'bench-owner', email: 'owner@bench.test', password: 'bench-Password-123' };
const CLIENT_EMAIL = 'client@bench.test';

ensureBuild();
const server = await startServer({
  ADMIN_USERNAME: OWNER.username,
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  SEED_DEMO: 'false',
});
const scratch = mkdtempSync(path.join(tmpdir(), 'bench-projects-'));

/** Resident memory peaks while `work` runs, above the level just before it. */
async function watchingMemory<T>(
  running: RunningServer,
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; rssGrowthMb: number; baseMb: number }> {
  const baseMb = running.rssMb();
  let peakMb = baseMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, running.rssMb())), 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, rssGrowthMb: peakMb - baseMb, baseMb };
  } finally {
    clearInterval(timer);
  }
}

function cookieOf(res: Response, name: string): string {
  const found = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.split(';')[0]!;
}

async function call(method: string, url: string, cookie: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { Cookie: cookie, Origin: server.url, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    redirect: 'manual',
  });
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A file of FILE_MB MiB (a repeated 16 MiB pseudo-random block) and its SHA-256. */
async function makeFile(): Promise<{ file: string; size: number; sha256: string }> {
  const file = path.join(scratch, 'take.wav');
  const block = Buffer.alloc(16 * 1024 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
  const hash = createHash('sha256');
  const blocks = Math.ceil(FILE_MB / 16);
  async function* chunks() {
    for (let i = 0; i < blocks; i += 1) {
      hash.update(block);
      yield block;
    }
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file));
  return { file, size: blocks * block.length, sha256: hash.digest('hex') };
}

/** The uploader's multipart protocol: parts of the browser's size, UPLOAD_CONCURRENCY at a time. */
async function upload(cookie: string, projectId: number, file: string, size: number): Promise<string> {
  const start = await (
    await call('POST', '/api/uploads/s3/multipart', cookie, { filename: 'take.wav', type: 'audio/wav', metadata: { projectId } })
  ).json();
  const { key, uploadId } = start as { key: string; uploadId: string };
  const base = `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`;
  const query = `?key=${encodeURIComponent(key)}`;
  // Uppy's default: a tenth of a thousandth of the file, never under S3's 5 MiB.
  const partSize = Math.max(MIN_PART_BYTES, Math.ceil(size / 10_000));
  const count = Math.ceil(size / partSize);
  const etags: string[] = new Array(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const index = next++;
      const signed = (await (await call('GET', `${base}/${index + 1}${query}`, cookie)).json()) as { url: string };
      const from = index * partSize;
      const to = Math.min(size, from + partSize) - 1;
      const put = await fetch(new URL(signed.url, server.url), {
        method: 'PUT',
        body: Readable.toWeb(createReadStream(file, { start: from, end: to })) as ReadableStream,
        headers: { 'Content-Length': String(to - from + 1) },
        duplex: 'half',
      } as RequestInit);
      if (put.status !== 200) throw new Error(`part ${index + 1}: ${put.status}`);
      etags[index] = put.headers.get('etag')!;
    }
  }
  await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, worker));
  const done = await call('POST', `${base}/complete${query}`, cookie, { parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })) });
  return ((await done.json()) as { location: string }).location;
}

async function waitForProcessing(cookie: string, projectId: number): Promise<void> {
  for (;;) {
    const project = (await (await call('GET', `/api/admin/projects/${projectId}`, cookie)).json()) as {
      files: { analysisState: string }[];
      deliveries: { analysisState: string }[];
    };
    if ([...project.files, ...project.deliveries].every((file) => file.analysisState !== 'pending')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

try {
  const { file, size, sha256 } = await makeFile();
  const admin = cookieOf(await call('POST', '/api/admin/login', '', { username: OWNER.username, password: OWNER.password }), 'studio.sid');
  const project = (await (
    await call('POST', '/api/admin/projects', admin, {
      title: 'Bench',
      clientName: 'Bench Client',
      clientEmail: CLIENT_EMAIL,
      packageKey: 'standard',
    })
  ).json()) as { id: number };
  await call('POST', `/api/admin/projects/${project.id}/invite`, admin);
  let link: string | undefined;
  for (let tries = 0; !link && tries < 100; tries += 1) {
    const outbox = path.join(server.dataDir, 'outbox');
    const mails = existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }).filter((entry) => entry.name.endsWith('.json')) : [];
    link = mails
      .map((entry) => readFileSync(path.join(outbox, entry.name), 'utf8'))
      .join('\n')
      .match(/http:\/\/\S+\/portal\/auth\?[^\s"]+/)?.[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error('no invitation in the outbox');
  const client = cookieOf(await call('GET', new URL(link).pathname + new URL(link).search, ''), 'studio.client');

  const clientUpload = await watchingMemory(server, async () => {
    const location = await upload(client, project.id, file, size);
    await call('POST', `/api/portal/projects/${project.id}/files`, client, { objectPath: location, category: 'stems' });
  });
  await waitForProcessing(admin, project.id);
  const delivery = await watchingMemory(server, async () => {
    const location = await upload(admin, project.id, file, size);
    await call('POST', `/api/admin/projects/${project.id}/deliveries`, admin, { objectPath: location });
  });
  await waitForProcessing(admin, project.id);
  const stored = (await (await call('GET', `/api/admin/projects/${project.id}`, admin)).json()) as { files: { sha256: string }[] };
  if (stored.files[0]?.sha256 !== sha256) throw new Error('the stored file differs from the uploaded one');

  const zip = await watchingMemory(server, async () => {
    const res = await call('GET', `/api/portal/projects/${project.id}/deliveries.zip`, client);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    if (bytes !== Number(res.headers.get('content-length'))) throw new Error('the ZIP is not as long as it said');
    return bytes;
  });

  const mb = size / 1024 / 1024;
  const row = (label: string, run: { seconds: number; rssGrowthMb: number; baseMb: number }, bytesMb = mb) => {
    const speed = `${(bytesMb / run.seconds).toFixed(0)} MiB/s`;
    const memory = `${run.baseMb.toFixed(0)} MB | +${run.rssGrowthMb.toFixed(1)} MB`;
    return `| ${label} | ${bytesMb.toFixed(0)} MiB | ${run.seconds.toFixed(1)} s | ${speed} | ${memory} |`;
  };
  const partMib = Math.max(MIN_PART_BYTES, Math.ceil(size / 10_000)) / 1024 / 1024;
  console.log(`\nNode ${process.version}, local store, SQLite; parts of ${partMib} MiB, ${UPLOAD_CONCURRENCY} at a time.\n`);
  console.log('| transfer | size | time | throughput | server RSS before | RSS growth (peak) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(row('client upload into a project (multipart, registered)', clientUpload));
  console.log(row('owner delivery upload (multipart, registered)', delivery));
  console.log(row('client downloads all deliveries as one ZIP', zip, zip.result / 1024 / 1024));
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
}
