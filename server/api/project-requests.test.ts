import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PACKAGES } from '#common/site-content/defaults.ts';
import { issueContactFormToken } from '#server/cookies/form-token.ts';
import { createProjectsTestApp, ORIGIN, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

/*
 * A project started from the site (decision 115): priced on the server from the package records, kept
 * as a draft proposal the owner reviews (the studio e-mailed), or, for a package the owner books
 * instantly, sent at once with the client's /p/ link. Bad input, an unknown package or extra, a spent
 * window and the contact form's spam checks change nothing.
 */

const STUDIO = 'owner@studio.test';
const REQUEST = {
  packageKey: 'standard',
  songs: 3,
  extras: ['stems-of-every-song'],
  name: 'Nina Vale',
  email: 'nina@example.com',
  note: 'An EP of three songs, stems ready next week.',
};

describe.each(testDialects())('project requests on %s', (dialect) => {
  let t: ProjectsTestApp;
  let seq = 0;

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect, { env: { STUDIO_EMAIL: STUDIO, CONTACT_RATE_LIMIT: '100000' } });
    // The premium package is booked instantly; the others are asked for.
    const site = (await t.asAdmin.get('/api/admin/site')).body.packages;
    const packages = DEFAULT_PACKAGES.packages.map((pkg) => (pkg.key === 'premium' ? { ...pkg, instantBooking: true } : pkg));
    expect((await t.asAdmin.put('/api/admin/site/packages').send({ ...site, packages })).status).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  /** A request from its own e-mail address (each address has a daily share). */
  const send = (fields: Record<string, unknown> = {}, ip = '198.51.100.1') => {
    seq += 1;
    return t.request
      .post('/api/project-requests')
      .set('Origin', ORIGIN)
      .set('X-Forwarded-For', ip)
      .send({ ...REQUEST, email: `visitor-${seq}@example.com`, ...fields });
  };
  const counts = async () => ({
    proposals: (await t.services.db.selectFrom('proposals').select('id').execute()).length,
    emails: (await t.services.db.selectFrom('proposalEmails').select('id').execute()).length,
  });
  const mailTo = async (to: string, subject: RegExp) => {
    t.services.proposals.proposalEmails.sendSoon();
    await t.services.proposals.proposalEmails.idle();
    return t.mail.filter((mail) => mail.to === to && subject.test(mail.subject));
  };

  it('keeps a request as a draft proposal priced from the records, and e-mails the studio', async () => {
    const res = await send({ name: 'Dana Request' });
    expect(res.status).toBe(201);
    // 3 × $150 + $50 stems; the default billing has no tax.
    expect(res.body).toMatchObject({
      kind: 'requested',
      totalCents: 50_000,
      currency: 'USD',
      message: expect.stringMatching(/send you a proposal/),
    });
    expect(res.body.url).toBeUndefined();

    const list = (await t.asAdmin.get('/api/admin/proposals')).body as Array<{ id: number; clientName: string; state: string }>;
    const draft = list.find((item) => item.clientName === 'Dana Request')!;
    expect(draft.state).toBe('draft');
    const proposal = (await t.asAdmin.get(`/api/admin/proposals/${draft.id}`)).body;
    expect(proposal).toMatchObject({
      packageKey: 'standard',
      songs: 3,
      extras: [{ label: 'Stems of every song', amountCents: 5_000 }],
      totalCents: 50_000,
      url: null,
      requestNote: REQUEST.note,
    });

    const [notice] = await mailTo(STUDIO, /^Proposal requested: .*Dana Request/);
    expect(notice).toBeDefined();
    expect(notice!.text).toContain(REQUEST.note);
    expect(notice!.text).toContain(`/manage/proposals/${draft.id}`);
    expect(notice!.replyTo).toBe(proposal.clientEmail);
  });

  it('sends an instant package at once: a sendable proposal with its /p/ link, the client and the studio told', async () => {
    const res = await send({ packageKey: 'premium', songs: 2, extras: ['rush-delivery-24-hours'], name: 'Ivo Instant' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'instant', totalCents: 80_000 });
    const url = new URL(res.body.url as string);
    expect(url.pathname).toMatch(/^\/p\/[0-9a-f]{64}$/);

    const page = await t.request.get(`/api/admin/proposals`).set('Origin', ORIGIN).set('Cookie', t.admin);
    const item = (page.body as Array<{ id: number; clientName: string; state: string }>).find(
      (entry) => entry.clientName === 'Ivo Instant',
    )!;
    expect(item.state).toBe('sent');
    const proposal = (await t.asAdmin.get(`/api/admin/proposals/${item.id}`)).body;
    expect(proposal.url).toBe(res.body.url);

    // The link opens it for signing (the acceptance itself is the proposals' test).
    const accept = await t.request
      .post(`/api/proposals/${url.pathname.slice(3)}/accept`)
      .set('Origin', ORIGIN)
      .send({ optionKeys: ['nothing-offered'], signatureName: 'Ivo Instant' });
    expect(accept.status).toBe(400);

    expect(await mailTo(proposal.clientEmail, /^Your proposal from /)).toHaveLength(1);
    const [notice] = await mailTo(STUDIO, /^Project booked from the site: .*Ivo Instant/);
    expect(notice!.text).toContain('sign and pay');
  });

  it('refuses bad input with a 400 that names the field, and keeps nothing', async () => {
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ packageKey: 'no-such-package' }, 'packageKey'],
      [{ packageKey: 'Bad Key!' }, 'packageKey'],
      [{ extras: ['not-offered'] }, 'extras'],
      [{ extras: ['stems-of-every-song', 'stems-of-every-song'] }, 'extras'],
      [{ songs: 0 }, 'songs'],
      [{ songs: 2 ** 31 }, 'songs'],
      [{ songs: '3' }, 'songs'],
      [{ email: 'not-an-address' }, 'email'],
      [{ name: 'N\u0000V' }, 'name'],
      [{ name: 'x'.repeat(500) }, 'name'],
      [{ note: 'n'.repeat(5000) }, 'note'],
      [{ totalCents: 1, extras: 'stems' }, 'extras'],
    ];
    for (const [fields, field] of cases) {
      const res = await send(fields);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(fields)).toContain(field);
    }
    const wrongType = await t.request.post('/api/project-requests').set('Origin', ORIGIN).set('Content-Type', 'text/plain').send('hello');
    expect(wrongType.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('takes an amount from the package records only: a total sent along is ignored', async () => {
    const res = await send({ songs: 1, extras: [], totalCents: 1, amountCents: 1 });
    expect(res.status).toBe(201);
    expect(res.body.totalCents).toBe(15_000);
  });

  it('limits requests per e-mail address a day and answers 429 with a wait, keeping nothing more', async () => {
    const email = 'repeat@example.com';
    for (let i = 0; i < 5; i++) expect((await send({ email }, '198.51.100.20')).status).toBe(201);
    const before = await counts();
    const res = await send({ email }, '198.51.100.21');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it("answers the contact form's spam checks as a request would be, and keeps or mails nothing", async () => {
    const before = await counts();
    const trapped = await send({ url_confirm: 'https://spam.example' });
    expect(trapped.status).toBe(201);
    expect(trapped.body.kind).toBe('requested');
    const fast = await send({ formToken: issueContactFormToken(t.services.config.SESSION_SECRET, Date.now() - 200) });
    expect(fast.status).toBe(201);
    const forged = await send({ packageKey: 'premium', extras: [], formToken: `${Date.now() - 60_000}.${'x'.repeat(32)}` });
    expect(forged.status).toBe(201);
    // The link of a caught instant request has a real link's shape, and names nothing.
    expect(forged.body.kind).toBe('instant');
    expect((await t.request.get(`${new URL(forged.body.url).pathname}`)).status).toBe(404);
    // A person's stamp, old enough, goes through.
    const person = await send({ formToken: issueContactFormToken(t.services.config.SESSION_SECRET, Date.now() - 10_000) });
    expect(person.status).toBe(201);
    expect(await counts()).toEqual({ proposals: before.proposals + 1, emails: before.emails + 1 });
  });
});

describe.each(testDialects())('project requests per client address on %s', (dialect) => {
  let t: ProjectsTestApp;
  beforeAll(async () => {
    t = await createProjectsTestApp(dialect, { env: { CONTACT_RATE_LIMIT: '2' } });
  });
  afterAll(() => t.close());

  it("follows the contact form's limit per client address over ten minutes", async () => {
    const send = (n: number) =>
      t.request
        .post('/api/project-requests')
        .set('Origin', ORIGIN)
        .send({ ...REQUEST, email: `ip-${n}@example.com` });
    expect((await send(1)).status).toBe(201);
    expect((await send(2)).status).toBe(201);
    const refused = await send(3);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/try again in 10 minutes/);
    expect((await t.services.db.selectFrom('proposals').select('id').execute()).length).toBe(2);
  });
});
