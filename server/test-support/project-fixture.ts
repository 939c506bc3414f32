import { MIN_PART_BYTES } from '#common/uploads.ts';
import type supertest from 'supertest';
import { expect } from 'vitest';
import { createAdmin } from '#server/auth/admin-users.ts';
import { SESSION_COOKIE } from '#server/auth/session-cookie.ts';
import type { Dialect } from '#server/db/connection.ts';
import type { Mailer, MailMessage } from '#server/email/mailer.ts';
import { CLIENT_COOKIE } from '#server/projects/client-cookie.ts';
import { createTestApp, type TestApp } from './app.ts';
import type { TestAppOptions } from './app.ts';
import { emailHtmlProblems } from './email-html-check.ts';

export const ORIGIN = 'http://localhost:3000';
export const OWNER = { username: 'studio-owner', email: 'owner@example.com', password: 'correct-horse-9' };

/** A mailer that keeps what it sends, for tests that follow a link out of an e-mail. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    destination: 'memory',
    sent,
    send: async (message) => {
      sent.push(message);
      // The HTML part the studio's sender adds to every message (server/email/studio-sender.ts) must be
      // valid: an invalid one fails the test that sent it (an unexpected console.error fails a test).
      // Composer tests that call a bare mailer send no HTML part; that every message gets one is the
      // studio sender's own test.
      const problems = message.html ? emailHtmlProblems(message.html) : [];
      if (problems.length > 0) console.error(`the e-mail "${message.subject}": ${problems.join('; ')}`);
    },
    close() {},
  };
}

/** The `name=value` of a cookie a response sets. */
export function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const cookie = cookies.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))?.split(';')[0];
  if (!cookie) throw new Error(`no ${name} cookie`);
  return cookie;
}

export interface ProjectsTestApp extends TestApp {
  mail: MailMessage[];
  /** The owner's session cookie. */
  admin: string;
  /** Requests as the owner (cookie and same-site Origin set). */
  asAdmin: ReturnType<typeof cookieAgent>;
  /** Requests with a client's cookie. */
  asClient: (cookie: string) => ReturnType<typeof cookieAgent>;
}

function cookieAgent(request: ReturnType<typeof supertest>, cookie: string | null) {
  const wrap = (method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head') => (url: string) => {
    const req = request[method](url).set('Origin', ORIGIN);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  return { get: wrap('get'), post: wrap('post'), put: wrap('put'), patch: wrap('patch'), delete: wrap('delete'), head: wrap('head') };
}

/** The app with a real owner account signed in, and a mailer whose messages the test reads. */
export async function createProjectsTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<ProjectsTestApp> {
  const mailer = memoryMailer();
  const t = await createTestApp(dialect, { ...options, mailer });
  await createAdmin(t.services.db, OWNER);
  const login = await t.request.post('/api/admin/login').set('Origin', ORIGIN).send({ username: OWNER.username, password: OWNER.password });
  expect(login.status).toBe(200);
  const admin = cookieFrom(login, SESSION_COOKIE);
  return Object.assign(t, {
    mail: mailer.sent,
    admin,
    asAdmin: cookieAgent(t.request, admin),
    asClient: (cookie: string) => cookieAgent(t.request, cookie),
  });
}

/** The sign-in link inside the newest e-mail to `email`. */
export function signInLinkFor(mail: MailMessage[], email: string): string {
  const message = mail.filter((m) => m.to === email).at(-1);
  const link = message?.text.match(/https?:\/\/\S+\/portal\/auth\?\S+/)?.[0];
  if (!link) throw new Error(`no sign-in link e-mailed to ${email}`);
  return link;
}

/** Follows a sign-in link and answers the client cookie it set. */
export async function followSignInLink(t: TestApp, link: string): Promise<string> {
  const url = new URL(link);
  const res = await t.request.get(`${url.pathname}${url.search}`);
  expect(res.status).toBe(303);
  return cookieFrom(res, CLIENT_COOKIE);
}

/**
 * A priced project (it gets the studio's usual payment plan, which holds its masters until paid):
 * tests about downloads rather than money pass `price: null`.
 */
export const PROJECT_INPUT = {
  title: 'Midnight Drive (single)',
  clientName: 'Ava Stone',
  clientEmail: 'ava@example.com',
  packageKey: 'premium',
  price: 350,
  dueDate: '2026-12-20',
  notes: 'Wants a warm low end.',
};

/** Creates a project as the owner, invites its client, waits for the e-mail and signs the client in. */
export async function projectWithClient(
  t: ProjectsTestApp,
  input: Partial<Omit<typeof PROJECT_INPUT, 'price'> & { price: number | null }> = {},
) {
  const created = await t.asAdmin.post('/api/admin/projects').send({ ...PROJECT_INPUT, ...input });
  expect(created.status).toBe(201);
  const project = created.body as { id: number; clientEmail: string };
  expect((await t.asAdmin.post(`/api/admin/projects/${project.id}/invite`)).status).toBe(202);
  await t.services.projects.projectEmails.idle();
  const client = await followSignInLink(t, signInLinkFor(t.mail, project.clientEmail));
  return { project, client };
}

type Agent = ReturnType<ProjectsTestApp['asClient']>;

/**
 * Uploads `bytes` into a project through /api/uploads as the browser's uploader would (parts of the
 * minimum size, each PUT where the signed URL points: this server or the bucket); answers the
 * completion's location, which registration takes as `objectPath`.
 */
export async function uploadIntoProject(t: ProjectsTestApp, agent: Agent, projectId: number, name: string, bytes: Buffer): Promise<string> {
  const started = await agent
    .post('/api/uploads/s3/multipart')
    .send({ filename: name, type: 'application/octet-stream', metadata: { projectId } });
  expect(started.status).toBe(200);
  const { key, uploadId } = started.body as { key: string; uploadId: string };
  const base = `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}`;
  const query = `?key=${encodeURIComponent(key)}`;
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length || parts.length === 0; offset += MIN_PART_BYTES)
    parts.push(bytes.subarray(offset, offset + MIN_PART_BYTES));
  const etags: string[] = [];
  for (const [index, body] of parts.entries()) {
    const signed = await agent.get(`${base}/${index + 1}${query}`);
    expect(signed.status).toBe(200);
    const url = signed.body.url as string;
    if (url.startsWith('/')) {
      const put = await t.request.put(url).set('Content-Type', 'application/octet-stream').send(body);
      expect(put.status).toBe(200);
      etags.push(put.headers.etag as string);
    } else {
      const put = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
      expect(put.status).toBe(200);
      etags.push(put.headers.get('etag')!);
    }
  }
  const done = await agent.post(`${base}/complete${query}`).send({ parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })) });
  expect(done.status).toBe(200);
  return done.body.location as string;
}

/**
 * A track with one version and a delivery (the studio's), and one file the client sent: what the
 * portal's role tests walk. Answers the ids; each upload is registered (201) or the test fails.
 */
export async function reviewAndFiles(
  t: ProjectsTestApp,
  projectId: number,
  client: Agent,
  wav: Buffer,
  stemName: string,
): Promise<{ track: number; version: number; delivery: number; stem: number }> {
  const track = await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks`).send({ title: 'Song' });
  const version = await t.asAdmin
    .post(`/api/admin/projects/${projectId}/tracks/${track.body.id}/versions`)
    .send({ objectPath: await uploadIntoProject(t, t.asAdmin, projectId, 'v1.wav', wav) });
  const delivery = await t.asAdmin
    .post(`/api/admin/projects/${projectId}/deliveries`)
    .send({ objectPath: await uploadIntoProject(t, t.asAdmin, projectId, 'master.wav', wav) });
  const stem = await client
    .post(`/api/portal/projects/${projectId}/files`)
    .send({ objectPath: await uploadIntoProject(t, client, projectId, stemName, wav) });
  expect([version.status, delivery.status, stem.status]).toEqual([201, 201, 201]);
  return { track: track.body.id, version: version.body.id, delivery: delivery.body.id, stem: stem.body.id };
}

/** An invoice line as the API takes it. */
export const invoiceLine = (description: string, amountCents: number) => ({ description, amountCents });
