import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COOKIE } from '#server/projects/client-cookie.ts';
import { cookieFrom, createProjectsTestApp, ORIGIN, type ProjectsTestApp } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';
import { startStripeServer, type StripeServer } from '#server/test-support/stripe-server.ts';

/*
 * Proposals (issue 40, decision 114): the owner's proposal priced on the server from the package
 * records, sent as a link, accepted and signed once (also when two acceptances race), turned into a
 * project with its plan and a sent deposit the client pays through Checkout; expired and withdrawn
 * links are 410; the signature record holds the hash of the exact text shown, and the signed PDF says it.
 */

const PROPOSAL = {
  clientName: 'Mara Quinn',
  clientEmail: 'mara@example.com',
  artistName: 'The Quiet Hours',
  title: 'Night Drive EP',
  packageKey: 'standard',
  songs: 3,
  extras: [{ label: 'Rush (48 hours)', amountCents: 10_000 }],
  options: [
    { key: 'premium', label: 'Premium instead of Standard', packageKey: 'premium' },
    { key: 'stems', label: 'Stems of every song', amountCents: 7_500 },
  ],
  depositPercent: 50,
  taxPercent: 8.875,
  message: 'Great talking to you: here is what we discussed.',
};

describe.each(testDialects())('proposals on %s', (dialect) => {
  let stripe: StripeServer;
  let t: ProjectsTestApp;
  let listening: http.Server;
  let seq = 0;

  beforeAll(async () => {
    stripe = await startStripeServer();
    // The real pages (React Router through Vite): the client's page as a browser without JavaScript gets it.
    t = await createProjectsTestApp(dialect, {
      pages: { kind: 'development' },
      env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: stripe.webhook.secret, STRIPE_API_BASE: stripe.url },
    });
    listening = http.createServer(t.app);
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    stripe.webhook.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/payments/stripe/webhook`;
    // Vite compiles the page's modules on their first request: done here, once, not inside a test's time.
    expect((await t.request.get(`/p/${'0'.repeat(64)}`)).status).toBe(404);
  }, 180_000);
  afterAll(async () => {
    await new Promise((resolve) => listening.close(resolve));
    await t.close();
    await stripe.close();
  });

  const mailTo = async (to: string, subject: RegExp) => {
    await t.services.proposals.proposalEmails.idle();
    t.services.proposals.proposalEmails.sendSoon();
    await t.services.proposals.proposalEmails.idle();
    return t.mail.filter((mail) => mail.to === to && subject.test(mail.subject));
  };
  const sentProposal = async (input: Record<string, unknown> = {}) => {
    seq += 1;
    const created = await t.asAdmin.post('/api/admin/proposals').send({ ...PROPOSAL, clientEmail: `client-${seq}@example.com`, ...input });
    expect(created.status).toBe(201);
    const sent = await t.asAdmin.post(`/api/admin/proposals/${created.body.id}/send`);
    expect(sent.status).toBe(200);
    const token = new URL(sent.body.url as string).pathname.split('/p/')[1]!;
    return { id: created.body.id as number, token, email: `client-${seq}@example.com` };
  };
  const accept = (token: string, body: object = { optionKeys: [], signatureName: 'Mara Quinn' }) =>
    t.request.post(`/api/proposals/${token}/accept`).set('Origin', ORIGIN).set('User-Agent', 'ProposalTest/1.0').send(body);

  it('prices the proposal on the server from the package records; tax of 8.875 % rounds to the cent', async () => {
    const created = await t.asAdmin.post('/api/admin/proposals').send({ ...PROPOSAL, totalCents: 1 });
    // An amount from the browser is refused, not used.
    expect(created.status).toBe(400);
    const made = await t.asAdmin.post('/api/admin/proposals').send(PROPOSAL);
    expect(made.status).toBe(201);
    // 3 × $150 + $100 rush = $550; split 50/50 and each half taxed as its invoice will be: 275 × 8.875 % = 24.40625.
    expect(made.body.quote).toMatchObject({
      subtotalCents: 55_000,
      netCents: 55_000,
      parts: [
        { kind: 'deposit', netCents: 27_500, taxCents: 2_441, totalCents: 29_941 },
        { kind: 'balance', netCents: 27_500, taxCents: 2_441, totalCents: 29_941 },
      ],
    });
    expect(made.body).toMatchObject({ state: 'draft', totalCents: 59_882, url: null });
    const list = await t.asAdmin.get('/api/admin/proposals');
    expect(list.body.some((item: { id: number; state: string }) => item.id === made.body.id && item.state === 'draft')).toBe(true);
  });

  it('refuses bad proposals with 400 and field messages, and changes only drafts', async () => {
    const bad = async (body: object) => {
      const res = await t.asAdmin.post('/api/admin/proposals').send({ ...PROPOSAL, ...body });
      expect(res.status).toBe(400);
      return res.body.errors as Record<string, string[]>;
    };
    expect(await bad({ packageKey: 'platinum' })).toHaveProperty('packageKey');
    expect(await bad({ songs: 0 })).toHaveProperty('songs');
    expect(await bad({ taxPercent: 8.8755 })).toHaveProperty('taxPercent');
    expect(await bad({ clientEmail: 'nobody' })).toHaveProperty('clientEmail');
    expect(await bad({ options: [{ key: 'x', label: 'X', packageKey: 'nope' }] })).toHaveProperty(['options.0.packageKey']);
    expect(await bad({ bookingId: 999_999 })).toHaveProperty('bookingId');
    expect((await t.request.post('/api/admin/proposals').set('Origin', ORIGIN).send(PROPOSAL)).status).toBe(401);

    const { id } = await sentProposal();
    const change = await t.asAdmin.patch(`/api/admin/proposals/${id}`).send({ songs: 4 });
    expect([change.status, change.body.message]).toEqual([409, expect.stringContaining('Only a draft')]);
    const copy = await t.asAdmin.post(`/api/admin/proposals/${id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ state: 'draft', url: null, songs: 3 });
    expect((await t.asAdmin.patch(`/api/admin/proposals/${copy.body.id}`).send({ songs: 4 })).body.songs).toBe(4);
  });

  it('sends the link by e-mail; the client accepts Premium with stems, signs, and pays the deposit through Checkout', async () => {
    const { id, token, email } = await sentProposal();
    const [invite] = await mailTo(email, /^Your proposal from/);
    expect(invite?.text).toContain(`/p/${token}`);

    const accepted = await accept(token, { optionKeys: ['premium', 'stems'], signatureName: 'Mara Quinn' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const projectId = accepted.body.projectId as number;
    const client = cookieFrom(accepted, CLIENT_COOKIE);

    // 3 × $350 + $100 + $75 = $1,225; the plan holds the exact amount, its deposit is sent and taxed.
    const plan = (await t.asAdmin.get(`/api/admin/projects/${projectId}/plan`)).body;
    expect(plan.priceCents).toBe(122_500);
    expect(plan.plan.parts.map((part: { kind: string; state: string }) => [part.kind, part.state])).toEqual([
      ['deposit', 'sent'],
      ['balance', 'not_invoiced'],
    ]);
    const project = (await t.asAdmin.get(`/api/admin/projects/${projectId}`)).body;
    expect(project).toMatchObject({ packageKey: 'premium', clientEmail: email, title: 'Night Drive EP' });
    const deposit = (await t.asAdmin.get(`/api/admin/invoices/${plan.plan.parts[0].invoiceId}`)).body;
    expect(deposit).toMatchObject({ subtotalCents: 61_250, taxPercent: 8.875, taxCents: 5_436, totalCents: 66_686 });

    // Signed in by the acceptance: the portal shows the project.
    expect((await t.asClient(client).get(`/api/portal/projects/${projectId}`)).status).toBe(200);
    const paid = await stripe.pay(accepted.body.checkoutUrl.split('/pay/')[1]);
    expect(paid.status).toBe(200);
    const after = (await t.asAdmin.get(`/api/admin/projects/${projectId}/plan`)).body.plan;
    expect(after.depositPaid).toBe(true);

    const proposal = (await t.asAdmin.get(`/api/admin/proposals/${id}`)).body;
    expect(proposal).toMatchObject({ state: 'accepted', acceptedProjectId: projectId, totalCents: 133_372 });
    expect(proposal.signature).toMatchObject({
      signatureName: 'Mara Quinn',
      userAgent: 'ProposalTest/1.0',
      optionKeys: ['premium', 'stems'],
    });
    // Both sides hear once, with the signed agreement attached.
    const signed = await mailTo(email, /^Signed: /);
    expect(signed).toHaveLength(1);
    expect(signed[0]!.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(await mailTo('studio@example.com', /^Proposal accepted/)).toHaveLength(0);
    const studio = t.mail.filter((mail) => /^Proposal accepted: Night Drive EP/.test(mail.subject));
    expect(studio).toHaveLength(1);
  });

  it('records the hash of the exact agreement text shown, and the signed PDF carries it', async () => {
    const { id, token } = await sentProposal();
    const page = await t.request.get(`/p/${token}`);
    expect(page.status).toBe(200);
    expect((await accept(token)).status).toBe(201);
    const signature = await t.services.db
      .selectFrom('proposalSignatures')
      .selectAll()
      .where('proposalId', '=', id)
      .executeTakeFirstOrThrow();
    expect(signature.agreementSha256).toBe(createHash('sha256').update(signature.agreementText, 'utf8').digest('hex'));
    // The tokens were filled as the client read them, the plan's own sentence too.
    expect(signature.agreementText).toContain('A deposit of 50 % of the total is paid on signing');
    expect(signature.agreementText).not.toContain('{{');
    const pdf = await t.asAdmin
      .get(`/api/admin/proposals/${id}/pdf`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(pdf.body as Buffer), { mergePages: true });
    expect(text).toContain(signature.agreementSha256);
    expect(text).toContain('Audit trail');
    expect(text).toContain('ProposalTest/1.0');
  });

  it('accepts once when two acceptances race: one project, one deposit invoice; the second is 409', async () => {
    const { id, token } = await sentProposal();
    const [first, second] = await Promise.all([accept(token), accept(token)]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const projectId = (first.status === 201 ? first : second).body.projectId as number;
    const projects = (await t.asAdmin.get('/api/admin/projects')).body.projects as Array<{
      id: number;
      title: string;
      clientEmail: string;
    }>;
    const email = (await t.asAdmin.get(`/api/admin/proposals/${id}`)).body.clientEmail;
    expect(projects.filter((project) => project.clientEmail === email)).toHaveLength(1);
    const invoices = (await t.asAdmin.get(`/api/admin/projects/${projectId}/invoices`)).body as Array<{ kind: string }>;
    expect(invoices.map((invoice) => invoice.kind)).toEqual(['deposit']);
    expect((await accept(token)).status).toBe(409);
  });

  it('answers an expired or withdrawn link with 410, an unknown one with 404, and creates nothing', async () => {
    const withdrawn = await sentProposal();
    expect((await t.asAdmin.post(`/api/admin/proposals/${withdrawn.id}/withdraw`)).status).toBe(200);
    const refused = await accept(withdrawn.token);
    expect([refused.status, refused.body.message]).toEqual([410, expect.stringContaining('withdrew')]);

    const expired = await sentProposal({ expiresOn: '2020-01-01' });
    // Sending moved a past date to a fresh one; the owner's later date passes here by hand.
    await t.services.db.updateTable('proposals').set({ expiresOn: '2020-01-01' }).where('id', '=', expired.id).execute();
    expect((await accept(expired.token)).status).toBe(410);
    expect((await t.asAdmin.get(`/api/admin/proposals/${expired.id}`)).body.state).toBe('expired');
    expect((await t.request.get(`/p/${expired.token}`)).text).toContain('expired');

    expect((await accept('0'.repeat(64))).status).toBe(404);
    expect((await accept('not-a-token')).status).toBe(404);
    const bad = await accept((await sentProposal()).token, { optionKeys: ['gold'], signatureName: 'M' });
    expect(bad.status).toBe(400);
    const empty = await accept((await sentProposal()).token, { optionKeys: [], signatureName: '' });
    expect(empty.body.errors).toHaveProperty('signatureName');
  });

  it('accepts from a plain form post without JavaScript and signs the client in', async () => {
    const { token } = await sentProposal();
    const posted = await t.request.post(`/p/${token}`).set('Origin', ORIGIN).type('form').send('optionKeys=stems&signatureName=Mara+Quinn');
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toMatch(new RegExp(`^${stripe.url}/pay/`));
    cookieFrom(posted, CLIENT_COOKIE);
    const again = await t.request.post(`/p/${token}`).set('Origin', ORIGIN).type('form').send('signatureName=Mara+Quinn');
    expect([again.status, again.headers.location]).toEqual([303, `/p/${token}?problem=accepted-already`]);
  });

  it('counts a person opening the link as viewed, not a mail scanner, a prefetch or a HEAD; the dashboard counts say so', async () => {
    const { id, token } = await sentProposal();
    const before = (await t.asAdmin.get('/api/admin/proposals/summary')).body as Record<string, number>;
    const browser =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';
    expect(
      (await t.request.get(`/p/${token}`).set('User-Agent', 'Mozilla/5.0 (compatible; Barracuda Sentinel link scanner; bingbot/2.0)'))
        .status,
    ).toBe(200);
    expect((await t.request.get(`/p/${token}`).set('User-Agent', browser).set('Sec-Purpose', 'prefetch')).status).toBe(200);
    expect((await t.request.head(`/p/${token}`).set('User-Agent', browser)).status).toBe(200);
    expect((await t.asAdmin.get(`/api/admin/proposals/${id}`)).body.state).toBe('sent');
    expect((await t.request.get(`/p/${token}`).set('User-Agent', browser)).status).toBe(200);
    expect((await t.asAdmin.get(`/api/admin/proposals/${id}`)).body.state).toBe('viewed');
    const after = (await t.asAdmin.get('/api/admin/proposals/summary')).body as Record<string, number>;
    expect([after.sent! - before.sent!, after.viewed! - before.viewed!]).toEqual([-1, 1]);
    const row = await t.services.db.selectFrom('proposals').select('viewCount').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.viewCount)).toBe(1);
  });

  it('answers ids past 32 bits, NUL bytes and over-long tokens with 404 or 400, never a 500', async () => {
    for (const id of ['2147483648', '9007199254740993', '1e3', '-1', '%00'])
      expect((await t.asAdmin.get(`/api/admin/proposals/${id}`)).status, id).toBe(404);
    expect((await t.asAdmin.post('/api/admin/proposals/2147483648/send')).status).toBe(404);
    expect((await t.asAdmin.patch('/api/admin/proposals/2147483648').send({ songs: 2 })).status).toBe(404);
    expect((await t.request.get(`/p/${'a'.repeat(5000)}`)).status).toBe(404);
    expect((await t.request.get('/p/abc%00def')).status).toBe(404);
    expect((await accept('f'.repeat(65))).status).toBe(404);
    const { token } = await sentProposal();
    const nul = await accept(token, { optionKeys: [], signatureName: 'Mara\u0000Quinn' });
    expect(nul.status).toBe(400);
    expect((await t.asAdmin.post('/api/admin/proposals').send({ ...PROPOSAL, title: 'EP\u0000' })).status).toBe(400);
    expect((await t.asAdmin.post('/api/admin/proposals').send({ ...PROPOSAL, bookingId: 2 ** 31 })).status).toBe(400);
  });
});
