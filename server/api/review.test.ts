import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks } from '#common/peaks.ts';
import { DEFAULT_STUDIO_EMAIL } from '#common/site-content/defaults.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { testDialects } from '#server/test-support/services.ts';
import { createProjectsTestApp, projectWithClient, uploadIntoProject, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';

const RATE = 44_100;
/** A stereo 1 kHz tone of `seconds` peaking at `dbfs` (its loudness is known: the same number in LUFS). */
const tone = (seconds: number, dbfs: number) => {
  const channel = sine(RATE, seconds, dbfs);
  return encodeWav([channel, channel], RATE, { bitDepth: 16 });
};

describe.each(testDialects())('the review room (%s)', (dialect) => {
  let t: ProjectsTestApp;
  let projectId: number;
  let client: string;
  let otherClient: string;
  let trackId: number;
  const versionIds: number[] = [];
  const base = () => `/api/portal/projects/${projectId}/tracks/${trackId}/versions`;
  const adminBase = () => `/api/admin/projects/${projectId}/tracks/${trackId}/versions`;

  async function addVersion(bytes: Buffer, name: string, notes = '') {
    const objectPath = await uploadIntoProject(t, t.asAdmin, projectId, name, bytes);
    const res = await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks/${trackId}/versions`).send({ objectPath, notes });
    expect(res.status).toBe(201);
    versionIds.push(res.body.id);
    await t.services.projects.projectFileProcessing.idle();
    return res.body as { id: number; number: number };
  }

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
    // The intro package includes 2 revision rounds in the default pricing.
    const made = await projectWithClient(t, { clientEmail: 'listener@example.com', packageKey: 'intro' });
    projectId = made.project.id;
    client = made.client;
    otherClient = (await projectWithClient(t, { clientEmail: 'stranger@example.com' })).client;
    const track = await t.asAdmin.post(`/api/admin/projects/${projectId}/tracks`).send({ title: 'Midnight Drive' });
    expect(track.status).toBe(201);
    expect(track.body.state).toBe('awaiting_version');
    trackId = track.body.id;
  });
  afterAll(() => t.close());

  it('numbers versions, measures each, and shows them to the client with the project in review', async () => {
    const v1 = await addVersion(tone(50, -20), 'mix-v1.wav', 'First pass');
    const v2 = await addVersion(tone(50, -14), 'mix-v2.wav', 'Vocal up');
    expect([v1.number, v2.number]).toEqual([1, 2]);
    const view = await t.asClient(client).get(`/api/portal/projects/${projectId}`);
    expect(view.body.status).toBe('in_review');
    const [track] = view.body.tracks;
    expect(track.state).toBe('in_review');
    expect(track.revisionsIncluded).toBe(2);
    const [first, second] = track.versions;
    expect(first).toMatchObject({ number: 1, notes: 'First pass', analysisState: 'done' });
    expect(first.durationSeconds).toBeCloseTo(50, 1);
    // EBU Tech 3341's convention: a 1 kHz stereo sine peaking at -20 dBFS measures -20 LUFS.
    expect(first.loudnessLufs).toBeCloseTo(-20, 0);
    expect(second.loudnessLufs! - first.loudnessLufs!).toBeCloseTo(6, 1);
    expect(first.truePeakDbtp).toBeCloseTo(-20, 0);
    expect(first.loudnessRangeLu).toBeCloseTo(0, 0);
    expect(decodePeaks(first.peaks)).toHaveLength(1000);
  });

  it('streams a version with byte ranges, only to whoever may open the project', async () => {
    const url = `${base()}/${versionIds[0]}/audio`;
    const part = await t.asClient(client).get(url).set('Range', 'bytes=0-99').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-type']).toBe('audio/wav');
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\//);
    expect((await t.asClient(otherClient).get(url)).status).toBe(404);
    expect((await t.asAdmin.get(url)).status).toBe(401);
    expect((await t.asAdmin.get(`${adminBase()}/${versionIds[0]}/audio`).set('Range', 'bytes=0-9')).status).toBe(206);
  });

  it('pins comments to a moment or a range, refuses moments outside the version and bodies empty or too long', async () => {
    const url = `${base()}/${versionIds[1]}/comments`;
    const at = await t.asClient(client).post(url).send({ atSeconds: 42, body: 'The vocal is too loud here' });
    expect(at.status).toBe(201);
    const range = await t
      .asClient(client)
      .post(url)
      .send({ atSeconds: 10, endSeconds: 20.5, body: 'Hats harsh in this part: https://example.com/ref' });
    expect(range.status).toBe(201);
    expect(range.body.comments.map((c: { atSeconds: number }) => c.atSeconds)).toEqual([10, 42]);
    for (const bad of [
      { atSeconds: 51, body: 'past the end' },
      { atSeconds: -1, body: 'before the start' },
      { atSeconds: 5, endSeconds: 4, body: 'backwards' },
      { atSeconds: 5, body: '   ' },
      { atSeconds: 5, body: 'x'.repeat(2001) },
      { body: 'no moment' },
    ]) {
      expect((await t.asClient(client).post(url).send(bad)).status, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    const listed = await t.asClient(client).get(url);
    expect(listed.body.comments).toHaveLength(2);
    expect(listed.body.comments[0].body).toContain('https://example.com/ref');
    expect((await t.asClient(otherClient).get(url)).status).toBe(404);
  });

  it('two comments posted at once are both kept', async () => {
    const url = `${base()}/${versionIds[1]}/comments`;
    const [a, b] = await Promise.all([
      t.asClient(client).post(url).send({ atSeconds: 1, body: 'Kick at the start' }),
      t.asAdmin.post(`${adminBase()}/${versionIds[1]}/comments`).send({ atSeconds: 2, body: 'Noted from the studio' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const listed = await t.asClient(client).get(url);
    expect(listed.body.comments.map((c: { body: string }) => c.body)).toEqual(
      expect.arrayContaining(['Kick at the start', 'Noted from the studio']),
    );
  });

  it('the studio replies and resolves; authors edit and delete their own within the window', async () => {
    const url = `${base()}/${versionIds[1]}/comments`;
    const mine = (await t.asClient(client).get(url)).body.comments.find((c: { atSeconds: number }) => c.atSeconds === 42);
    expect(mine.mine).toBe(true);
    const reply = await t.asAdmin
      .post(`${adminBase()}/${versionIds[1]}/comments`)
      .send({ parentId: mine.id, body: 'Pulled it down 1.5 dB' });
    expect(reply.status).toBe(201);
    expect(reply.body.comments.find((c: { parentId: number | null }) => c.parentId === mine.id).atSeconds).toBe(42);
    const resolved = await t.asAdmin.post(`${adminBase()}/${versionIds[1]}/comments/${mine.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.comments.find((c: { id: number }) => c.id === mine.id).resolvedAt).toBeTruthy();
    // The client cannot resolve; the studio cannot edit the client's words.
    expect((await t.asClient(client).post(`${base()}/${versionIds[1]}/comments/${mine.id}/resolve`)).status).toBe(404);
    expect((await t.asAdmin.patch(`${adminBase()}/${versionIds[1]}/comments/${mine.id}`).send({ body: 'changed' })).status).toBe(403);
    const edited = await t.asClient(client).patch(`${url}/${mine.id}`).send({ body: 'The vocal is too loud at the chorus' });
    expect(edited.status).toBe(200);
    expect(edited.body.comments.find((c: { id: number }) => c.id === mine.id).editedAt).toBeTruthy();
    // Past the window: refused.
    await t.services.db
      .updateTable('versionComments')
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .where('id', '=', mine.id)
      .execute();
    expect((await t.asClient(client).delete(`${url}/${mine.id}`)).status).toBe(403);
    const reopened = await t.asAdmin.post(`${adminBase()}/${versionIds[1]}/comments/${mine.id}/reopen`);
    expect(reopened.body.comments.find((c: { id: number }) => c.id === mine.id).resolvedAt).toBeNull();
  });

  it("a new version lists the previous version's open comments to check", async () => {
    const v3 = await addVersion(tone(50, -14), 'mix-v3.wav');
    const listed = await t.asClient(client).get(`${base()}/${v3.id}/comments`);
    expect(listed.body.comments).toEqual([]);
    expect(listed.body.toCheck.map((c: { atSeconds: number }) => c.atSeconds)).toEqual(expect.arrayContaining([10, 42]));
  });

  it('revision rounds count against the package, only on the newest version, and beyond them say so', async () => {
    const older = await t.asClient(client).post(`${base()}/${versionIds[0]}/request-revisions`).send({ summary: 'More bass' });
    expect(older.status).toBe(409);
    const first = await t.asClient(client).post(`${base()}/${versionIds[2]}/request-revisions`).send({ summary: 'More bass' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ revisionsUsed: 1, revisionsIncluded: 2, beyondIncluded: false, projectStatus: 'revisions' });
    expect(first.body.track.state).toBe('revisions_requested');
    expect((await t.asClient(client).post(`${base()}/${versionIds[2]}/request-revisions`).send({ summary: 'again' })).status).toBe(409);
    expect((await t.asClient(client).post(`${base()}/${versionIds[2]}/request-revisions`).send({ summary: '' })).status).toBe(400);
    await addVersion(tone(50, -14), 'mix-v4.wav');
    const second = await t.asClient(client).post(`${base()}/${versionIds[3]}/request-revisions`).send({ summary: 'Less reverb' });
    expect(second.body).toMatchObject({ revisionsUsed: 2, beyondIncluded: false });
    await addVersion(tone(50, -14), 'mix-v5.wav');
    const third = await t.asClient(client).post(`${base()}/${versionIds[4]}/request-revisions`).send({ summary: 'One more' });
    expect(third.body).toMatchObject({ revisionsUsed: 3, revisionsIncluded: 2, beyondIncluded: true });
  });

  it('approving the newest version of every track approves the project (masters to come); all of it is in the log', async () => {
    const v6 = await addVersion(tone(50, -14), 'mix-v6.wav');
    const approved = await t.asClient(client).post(`${base()}/${v6.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.track).toMatchObject({ state: 'approved', approvedVersionId: v6.id });
    expect(approved.body.projectStatus).toBe('approved');
    const log = (await t.asAdmin.get(`/api/admin/projects/${projectId}`)).body.activity.map((a: { summary: string }) => a.summary);
    expect(log).toEqual(
      expect.arrayContaining([
        'Added the track "Midnight Drive"',
        'Uploaded v1 of "Midnight Drive" for review',
        'Asked for revisions on v5 of "Midnight Drive" (round 3, beyond the package)',
        'Approved v6 of "Midnight Drive"',
        'Moved the project from In review to Approved',
      ]),
    );
  });

  it('versions uploaded close together make one e-mail to the client; comments reach the studio with their range', async () => {
    await t.services.db
      .updateTable('projectEmails')
      .set({ nextAttemptAt: new Date(0).toISOString() })
      .where('sentAt', 'is', null)
      .execute();
    t.services.projects.projectEmails.sendSoon();
    await t.services.projects.projectEmails.idle();
    // v1 and v2 came within one batch, but by the time it went out v2 had replaced v1 and v6 (the
    // newest) had been decided on: only what is still true is said, version 2 linked by its number.
    const ready = t.mail.filter((m) => m.to === 'listener@example.com' && /ready for your review/.test(m.subject));
    expect(ready[0]!.subject).toMatch(/a new mix is ready/);
    expect(ready[0]!.text).toContain(
      `Midnight Drive, version 2: http://localhost:3000/portal/projects/${projectId}/review/${trackId}?version=2\n`,
    );
    expect(ready[0]!.text).not.toContain('version 1');
    const toStudio = t.mail.filter((m) => m.to === DEFAULT_STUDIO_EMAIL && /comments? on/.test(m.subject));
    const text = toStudio.map((m) => m.text).join('\n');
    expect(text).toMatch(/From Ava Stone \(client\):\n/);
    expect(text).toMatch(/v2 at 0:42:/);
    expect(text).toMatch(/v2 at 0:10–0:20\.5:/);
    expect(text).toContain(`/manage/projects/${projectId}/review/${trackId}?version=2&t=42`);
  });
});
