import { expect } from 'vitest';
import { PROJECT_VIEW_PART_KEYS, PROJECT_VIEW_PARTS, sees, type ProjectAccess } from '#common/collaborators.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { CLIENT_COOKIE } from '#server/projects/client-cookie.ts';
import type { Dialect } from '#server/db/connection.ts';
import type { TestAppOptions } from './app.ts';
import { sine } from './audio-files.ts';
import {
  cookieFrom,
  createProjectsTestApp,
  projectWithClient,
  reviewAndFiles,
  signInLinkFor,
  type ProjectsTestApp,
} from './project-fixture.ts';

/*
 * A project with something in every part of common/collaborators.ts's VISIBLE_PARTS (notes, a client
 * file, the people, the log, a sent invoice), the review room and a delivery, and a signed-in
 * session for each access: what the role tests (issue 41) walk.
 */

export const ACCESSES = ['client', 'approve', 'comment', 'listen'] as const satisfies readonly ProjectAccess[];
export const NOTES = 'Private: the label pays half, do not tell the band';
export const STEM = 'secret-kick.wav';

/** The keys of the project answer a part fills, for the parts this access does not see. */
export const hiddenKeys = (access: ProjectAccess) =>
  PROJECT_VIEW_PARTS.filter((part) => !sees(access, part)).flatMap((part) => PROJECT_VIEW_PART_KEYS[part]);

export interface RolesProject {
  t: ProjectsTestApp;
  projectId: number;
  ids: { track: number; version: number; stem: number; delivery: number; invoice: number };
  cookies: Record<ProjectAccess, string>;
  emails: Record<ProjectAccess, string>;
}

/** `wav`: the version's (and the delivery's) audio, a 2-second tone unless given; `app`: the store to use (S3 tests). */
export async function rolesProject(dialect: Dialect, options: { wav?: Buffer; app?: TestAppOptions } = {}): Promise<RolesProject> {
  const t = await createProjectsTestApp(dialect, options.app);
  const own = await projectWithClient(t, { clientEmail: 'band@example.com', clientName: 'The Band' });
  const projectId = own.project.id;
  const client = t.asClient(own.client);
  const tone = sine(44_100, 2, -20);
  const wav = options.wav ?? encodeWav([tone, tone], 44_100);
  const made = await reviewAndFiles(t, projectId, client, wav, STEM);
  const notes = await client.patch(`/api/portal/projects/${projectId}`).send({ clientNotes: NOTES });
  const invoice = await t.asAdmin
    .post(`/api/admin/projects/${projectId}/invoices`)
    .send({ lines: [{ description: 'Mix', amountCents: 10_000 }], kind: 'balance' });
  const sent = await t.asAdmin.post(`/api/admin/invoices/${invoice.body.id}/send`);
  expect([notes.status, invoice.status, sent.status]).toEqual([200, 201, 200]);
  await t.services.projects.projectFileProcessing.idle();
  const ids = { ...made, invoice: invoice.body.id as number };

  const cookies = { client: own.client } as Record<ProjectAccess, string>;
  const emails = { client: 'band@example.com' } as Record<ProjectAccess, string>;
  for (const role of ['approve', 'comment', 'listen'] as const) {
    emails[role] = `${role}@example.com`;
    expect((await client.post(`/api/portal/projects/${projectId}/collaborators`).send({ email: emails[role], role })).status).toBe(201);
    await t.services.projects.projectEmails.idle();
    const link = new URL(signInLinkFor(t.mail, emails[role]));
    cookies[role] = cookieFrom(await t.request.get(link.pathname + link.search), CLIENT_COOKIE);
  }
  // A comment from the client, so the review room has something every role reads.
  const comment = await client
    .post(`/api/portal/projects/${projectId}/tracks/${ids.track}/versions/${ids.version}/comments`)
    .send({ atSeconds: 1, body: 'Louder' });
  expect(comment.status).toBe(201);
  return { t, projectId, ids, cookies, emails };
}
