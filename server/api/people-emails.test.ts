import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO_EMAIL } from '#common/site-content/defaults.ts';
import { settleBackgroundWork } from '#server/auth/background.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { encodeWav } from '#server/audio/wav.ts';
import { listenerCookieName } from '#server/projects/review-links/link-tokens.ts';
import { sine } from '#server/test-support/audio-files.ts';
import { cookieFrom, ORIGIN, projectWithClient, uploadIntoProject } from '#server/test-support/project-fixture.ts';
import { rolesProject, type RolesProject } from '#server/test-support/roles-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

/*
 * Issue 41: everyone on a project hears what concerns them, once, after batching, and never what
 * stopped being true; each can mute a project from the e-mail; comments say who wrote them and how.
 */
describe.each(testDialects())('the people on a project told what concerns them (%s)', (dialect) => {
  let r: RolesProject;
  const tone = sine(44_100, 2, -20);
  const wav = encodeWav([tone, tone], 44_100);
  const everyone = ['band@example.com', 'approve@example.com', 'comment@example.com', 'listen@example.com'];
  const t = () => r.t;
  const versions = () => `/api/admin/projects/${r.projectId}/tracks/${r.ids.track}/versions`;
  const portalVersion = (id: number) => `/api/portal/projects/${r.projectId}/tracks/${r.ids.track}/versions/${id}`;

  /** Every waiting batch made due, as when its two minutes are up, and the sender run until idle. */
  async function batchesEnd() {
    await t().services.projects.projectEmails.idle();
    await t()
      .services.db.updateTable('projectEmails')
      .set({ nextAttemptAt: new Date(0).toISOString() })
      .where('sentAt', 'is', null)
      .execute();
    t().services.projects.projectEmails.sendSoon();
    await t().services.projects.projectEmails.idle();
  }
  const mailSince = (from: number, subject: RegExp) =>
    t()
      .mail.slice(from)
      .filter((m) => subject.test(m.subject));
  const countTo = (mail: MailMessage[]) => Object.fromEntries(everyone.map((to) => [to, mail.filter((m) => m.to === to).length]));

  async function addVersion(name: string) {
    const objectPath = await uploadIntoProject(t(), t().asAdmin, r.projectId, name, wav);
    const res = await t().asAdmin.post(versions()).send({ objectPath });
    expect(res.status).toBe(201);
    await t().services.projects.projectFileProcessing.idle();
    return res.body as { id: number; number: number };
  }

  beforeAll(async () => {
    r = await rolesProject(dialect);
    await batchesEnd();
  });
  afterAll(() => r.t.close());

  it('a new version e-mails everyone who can listen, once, when its batch ends, linked by its number', async () => {
    const from = t().mail.length;
    const v2 = await addVersion('v2.wav');
    await t().services.projects.projectEmails.idle();
    // Batched: nothing yet, one e-mail waiting per person.
    expect(mailSince(from, /ready for your review/)).toEqual([]);
    const waiting = await t()
      .services.db.selectFrom('projectEmails')
      .select('recipient')
      .where('kind', '=', 'version_ready')
      .where('sentAt', 'is', null)
      .execute();
    expect(waiting.map((row) => row.recipient ?? 'client').sort()).toEqual([
      'approve@example.com',
      'client',
      'comment@example.com',
      'listen@example.com',
    ]);

    await batchesEnd();
    await batchesEnd();
    const ready = mailSince(from, /a new mix is ready for your review/);
    expect(countTo(ready)).toEqual(Object.fromEntries(everyone.map((to) => [to, 1])));
    for (const message of ready) {
      expect(message.text).toContain(
        `Song, version ${v2.number}: http://localhost:3000/portal/projects/${r.projectId}/review/${r.ids.track}?version=2\n`,
      );
      expect(message.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/mute\/[^>]+>$/);
      expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    expect(ready.find((m) => m.to === 'band@example.com')!.text).toMatch(/^Hi The Band,/);
  });

  it('a version approved before its batch goes out is not announced; approvers hear of the decision, its maker does not', async () => {
    const from = t().mail.length;
    const v3 = await addVersion('v3.wav');
    expect(
      (
        await t()
          .asClient(r.cookies.client)
          .post(`${portalVersion(v3.id)}/approve`)
      ).status,
    ).toBe(200);
    await batchesEnd();
    expect(mailSince(from, /ready for your review/)).toEqual([]);
    const decisions = mailSince(from, /approved version 3/).filter((m) => m.to !== DEFAULT_STUDIO_EMAIL);
    expect(decisions.map((m) => [m.to, m.subject])).toEqual([['approve@example.com', 'The Band approved version 3 of "Song"']]);
    expect(decisions[0]!.text).toContain(`?version=3`);
  });

  it('mute, by the one-click post without a cookie, stops that project’s e-mails for that person only; the page unmutes', async () => {
    const from = t().mail.length;
    await addVersion('v4.wav');
    await batchesEnd();
    const mine = mailSince(from, /ready for your review/).find((m) => m.to === 'listen@example.com')!;
    const link = new URL(/^<(.+)>$/.exec(mine.headers!['List-Unsubscribe']!)![1]!);
    expect(mine.text).toContain(`Stop e-mails about "Midnight Drive (single)": ${link.href}`);
    const mutes = () => t().services.db.selectFrom('projectEmailMutes').select(['projectId', 'email']).execute();

    // A GET (a link scanner) changes nothing; a tampered link is refused and changes nothing.
    await t().request.get(link.pathname);
    const token = link.pathname.split('/mute/')[1]!;
    const [project, address, signature] = token.split('.');
    const forged = [
      `${project}.${address}.${signature!.slice(0, -1)}${signature!.endsWith('0') ? '1' : '0'}`,
      `${project}.${Buffer.from('band@example.com').toString('base64url')}.${signature}`,
      `${Number(project) + 1}.${address}.${signature}`,
      'nonsense',
    ];
    for (const bad of forged) {
      const refused = await t().request.post(`/mute/${bad}`).type('form').send('List-Unsubscribe=One-Click');
      expect(refused.status, bad).toBe(404);
    }
    expect(await mutes()).toEqual([]);
    expect((await t().request.post(link.pathname).type('form').send('intent=maybe')).status).toBe(400);

    // What a mail app sends (RFC 8058): no cookie, no Origin.
    const oneClick = await t().request.post(link.pathname).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({ muted: true });
    expect(await mutes()).toEqual([{ projectId: r.projectId, email: 'listen@example.com' }]);

    // The same person on another project still hears of it.
    const other = await projectWithClient(t(), { clientEmail: 'listen@example.com', clientName: 'Lee', title: 'Other record' });
    const track = await t().asAdmin.post(`/api/admin/projects/${other.project.id}/tracks`).send({ title: 'Elsewhere' });
    const objectPath = await uploadIntoProject(t(), t().asAdmin, other.project.id, 'e.wav', wav);
    expect(
      (await t().asAdmin.post(`/api/admin/projects/${other.project.id}/tracks/${track.body.id}/versions`).send({ objectPath })).status,
    ).toBe(201);

    const after = t().mail.length;
    await addVersion('v5.wav');
    await batchesEnd();
    const ready = mailSince(after, /ready for your review/);
    expect(countTo(ready.filter((m) => m.text.includes('"Midnight Drive (single)"')))).toEqual({
      'band@example.com': 1,
      'approve@example.com': 1,
      'comment@example.com': 1,
      'listen@example.com': 0,
    });
    expect(ready.filter((m) => m.to === 'listen@example.com' && m.text.includes('Elsewhere'))).toHaveLength(1);
    // A sign-in link they ask for is no news about the work: muting never holds it back.
    const asked = await t().request.post('/api/portal/sign-in').set('Origin', ORIGIN).send({ email: 'listen@example.com' });
    expect(asked.status).toBe(202);
    // Answered before the lookup (its timing must not tell a known address): queued by tracked background work.
    await settleBackgroundWork();
    await batchesEnd();
    expect(mailSince(after, /sign-in link/).filter((m) => m.to === 'listen@example.com')).toHaveLength(1);

    // The page's button, posted from the page: back to the page, unmuted.
    const unmuted = await t().request.post(link.pathname).set('Origin', ORIGIN).type('form').send('intent=unmute');
    expect(unmuted.status).toBe(303);
    expect(unmuted.headers.location).toBe(link.pathname);
    expect(await mutes()).toEqual([]);
  });

  it('comments say who wrote them and how; the studio’s e-mail groups them by author', async () => {
    await batchesEnd();
    const from = t().mail.length;
    const version = r.ids.version;
    const link = await t().asAdmin.post(`/api/admin/projects/${r.projectId}/tracks/${r.ids.track}/review-links`).send({});
    expect(link.status).toBe(201);
    const linkToken = (link.body.url as string).split('/listen/')[1]!;
    const unlocked = await t().request.post(`/api/listen/${linkToken}/unlock`).set('Origin', ORIGIN).send({ password: 'x' });
    const listener = cookieFrom(unlocked, listenerCookieName(link.body.id));
    const write = [
      t()
        .asClient(r.cookies.client)
        .post(`${portalVersion(version)}/comments`)
        .send({ atSeconds: 0.5, body: 'From the client' }),
      t()
        .asClient(r.cookies.approve)
        .post(`${portalVersion(version)}/comments`)
        .send({ atSeconds: 0.6, body: 'From the approver' }),
      t()
        .asClient(r.cookies.comment)
        .post(`${portalVersion(version)}/comments`)
        .send({ atSeconds: 0.7, body: 'From the commenter' }),
      t()
        .request.post(`/api/listen/${linkToken}/versions/${version}/comments`)
        .set('Origin', ORIGIN)
        .set('Cookie', listener)
        .send({ name: 'Sam A&R', atSeconds: 0.8, body: 'From the link' }),
      t()
        .asAdmin.post(`/api/admin/projects/${r.projectId}/tracks/${r.ids.track}/versions/${version}/comments`)
        .send({ atSeconds: 0.9, body: 'From the studio' }),
    ];
    for (const posted of write) expect((await posted).status).toBe(201);

    for (const agent of [t().asClient(r.cookies.listen), t().asAdmin]) {
      const path =
        agent === t().asAdmin
          ? `/api/admin/projects/${r.projectId}/tracks/${r.ids.track}/versions/${version}/comments`
          : `${portalVersion(version)}/comments`;
      const { comments } = (await agent.get(path)).body as {
        comments: { body: string; authorKind: string; authorRole: string | null; authorName: string }[];
      };
      const how = Object.fromEntries(
        comments.filter((c) => c.body.startsWith('From the')).map((c) => [c.body, [c.authorKind, c.authorRole, c.authorName]]),
      );
      expect(how).toEqual({
        'From the client': ['client', null, 'The Band'],
        'From the approver': ['collaborator', 'approve', 'approve@example.com'],
        'From the commenter': ['collaborator', 'comment', 'comment@example.com'],
        'From the link': ['review-link', null, 'Sam A&R (via review link)'],
        'From the studio': ['studio', null, expect.any(String)],
      });
    }

    await batchesEnd();
    const toStudio = mailSince(from, /left \d+ comments? on/).filter((m) => m.to === DEFAULT_STUDIO_EMAIL);
    expect(toStudio).toHaveLength(1);
    expect(toStudio[0]!.subject).toBe('4 people left 4 comments on "Midnight Drive (single)"');
    const text = toStudio[0]!.text;
    expect(text).not.toContain('New comments from The Band');
    for (const [author, body] of [
      ['The Band (client)', 'From the client'],
      ['approve@example.com (collaborator, can approve)', 'From the approver'],
      ['comment@example.com (collaborator, can comment)', 'From the commenter'],
      ['Sam A&R (via review link)', 'From the link'],
    ])
      expect(text).toMatch(new RegExp(`From ${author.replace(/[()]/g, '\\$&')}:\\n  - Song v1 at 0:00\\.\\d:\\n    ${body}\\n`));
    expect(text).not.toContain('From the studio');
  });

  it('a reply reaches the people who wrote in its thread, never its author', async () => {
    await batchesEnd();
    const from = t().mail.length;
    const url = `${portalVersion(r.ids.version)}/comments`;
    const thread = await t().asClient(r.cookies.comment).post(url).send({ atSeconds: 1.2, body: 'Is the snare too loud?' });
    expect(thread.status).toBe(201);
    const reply = await t().asClient(r.cookies.approve).post(url).send({ parentId: thread.body.id, body: 'A little, yes' });
    expect(reply.status).toBe(201);
    await batchesEnd();
    const replies = mailSince(from, /New replies on/);
    expect(replies.map((m) => m.to)).toEqual(['comment@example.com']);
    expect(replies[0]!.text).toContain('Song v1 at 0:01.2 (reply), approve@example.com (collaborator, can approve):\n    A little, yes');
  });
});
