import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '#server/audio/wav.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { testDialects } from '#server/test-support/services.ts';
import {
  createProjectsTestApp,
  OWNER,
  projectWithClient,
  uploadIntoProject,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';

const STUDIO_INBOX = 'owner@studio.test';

const tone = (seconds: number) => {
  const channel = sine(44_100, seconds, -18);
  return encodeWav([channel, channel], 44_100, { bitDepth: 16 });
};

/*
 * The studio hears the client's decisions at once (docs/decisions/077): a revision request or an
 * approval is e-mailed to the studio's address from the settings, with the round's summary, without
 * waiting for a batch; a batch still waiting on the project goes out first.
 */
describe.each(testDialects())('decisions reach the studio (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let projectId: number;
  let client: string;
  let trackId: number;

  const base = () => `/api/portal/projects/${projectId}/tracks/${trackId}/versions`;
  const toStudio = () => t.mail.filter((m) => m.to === STUDIO_INBOX);
  /** What the sender has sent by now: it runs right after a decision, as the routes ask it to. */
  const settled = () => t.services.projects.projectEmails.idle();

  async function addVersion(name: string) {
    const objectPath = await uploadIntoProject(t, t.asAdmin, projectId, name, tone(40));
    const res = await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks/${trackId}/versions`).send({ objectPath, notes: '' });
    expect(res.status).toBe(201);
    await t.services.projects.projectFileProcessing.idle();
    return res.body.id as number;
  }

  beforeAll(async () => {
    // The Site e-mail is still the demo's: STUDIO_EMAIL, its first default, gets every notice (server/email/studio-inbox.ts).
    t = await createProjectsTestApp(dialect, { env: { STUDIO_EMAIL: STUDIO_INBOX } });
    const made = await projectWithClient(t, { clientEmail: 'band@example.com', packageKey: 'intro' });
    projectId = made.project.id;
    client = made.client;
    trackId = (await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks`).send({ title: 'Northern Lights' })).body.id;
  });
  afterAll(() => t.close());

  it('a range comment goes out with its range, before the revision request, which arrives at once with its summary', async () => {
    const v1 = await addVersion('mix-v1.wav');
    const comment = await t.asClient(client).post(`${base()}/${v1}/comments`).send({ atSeconds: 20, endSeconds: 30, body: 'Harsh hats' });
    expect(comment.status).toBe(201);
    await settled();
    // Comments wait for more (a short batch): nothing yet.
    expect(toStudio()).toHaveLength(0);

    const asked = await t.asClient(client).post(`${base()}/${v1}/request-revisions`).send({ summary: 'Softer hats\nMore low end' });
    expect(asked.status).toBe(200);
    await settled();

    const [comments, decision, ...rest] = toStudio();
    expect(rest).toHaveLength(0);
    expect(comments!.subject).toMatch(/comment on "/);
    expect(comments!.text).toContain('Northern Lights v1 at 0:20–0:30');
    expect(decision!.subject).toBe('Ava Stone asked for revisions on version 1 of "Northern Lights" (round 1)');
    expect(decision!.text).toContain('Asked by band@example.com:');
    expect(decision!.text).toContain('    Softer hats\n    More low end');
    expect(decision!.text).toContain(`/manage/projects/${projectId}/review/${trackId}?version=${v1}`);
    expect(t.mail.some((m) => m.to === 'demo-contact@example.com')).toBe(false);
  });

  it('the project answers carry each round with its summary beside its version', async () => {
    const expected = {
      round: 1,
      versionNumber: 1,
      summary: 'Softer hats\nMore low end',
      requestedBy: 'band@example.com',
      requestedAt: expect.any(String),
    };
    const admin = await t.asAdmin.get(`/api/admin/projects/${projectId}`);
    expect(admin.body.tracks[0].revisionRounds).toEqual([expect.objectContaining(expected)]);
    expect(admin.body.tracks[0].revisionsUsed).toBe(1);
    const portal = await t.asClient(client).get(`/api/portal/projects/${projectId}`);
    expect(portal.body.tracks[0].revisionRounds).toEqual([expect.objectContaining(expected)]);
    expect(portal.body.tracks[0].revisionRounds[0].versionId).toBe(portal.body.tracks[0].versions[0].id);
  });

  it('an approval goes out at once, after the comments still waiting on the project; the log words a range as a range', async () => {
    const v2 = await addVersion('mix-v2.wav');
    await t.asClient(client).post(`${base()}/${v2}/comments`).send({ atSeconds: 5, body: 'Perfect now' }).expect(201);
    const before = toStudio().length;
    const approved = await t.asClient(client).post(`${base()}/${v2}/approve`);
    expect(approved.status).toBe(200);
    await settled();
    const sent = toStudio().slice(before);
    expect(sent.map((m) => m.subject)).toEqual([
      'Ava Stone left 1 comment on "Midnight Drive (single)"',
      'Ava Stone approved version 2 of "Northern Lights"',
    ]);
    const log = await t.asAdmin.get(`/api/admin/projects/${projectId}`);
    expect(JSON.stringify(log.body.activity)).toContain('Commented on v1 at 0:20–0:30');
  });

  it("the studio's replies are signed with the owner's display name", async () => {
    const owner = await t.services.db
      .selectFrom('adminUsers')
      .select('id')
      .where('username', '=', OWNER.username)
      .executeTakeFirstOrThrow();
    await t.services.db.updateTable('adminUsers').set({ displayName: 'Mara Quinn' }).where('id', '=', owner.id).execute();
    const versions = (await t.asAdmin.get(`/api/admin/projects/${projectId}`)).body.tracks[0].versions;
    const newest = versions.at(-1).id;
    await t.asAdmin
      .post(`/api/admin/projects/${projectId}/tracks/${trackId}/versions/${newest}/comments`)
      .send({ atSeconds: 3, body: 'Masters on the way' })
      .expect(201);
    // The reply's short batch is over (the clock moves on rather than the test waiting two minutes).
    await t.services.db
      .updateTable('projectEmails')
      .set({ nextAttemptAt: new Date(0).toISOString() })
      .where('sentAt', 'is', null)
      .execute();
    t.services.projects.projectEmails.sendSoon();
    await settled();
    const reply = t.mail.filter((m) => m.to === 'band@example.com' && /replied on/.test(m.subject)).at(-1);
    expect(reply!.text).toContain('v2 at 0:03, Mara Quinn:');
    expect(reply!.text).toMatch(/\n\nMara Quinn\n/);
    expect(reply!.text).not.toContain(OWNER.username);
  });
});
