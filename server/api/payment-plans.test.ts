import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneWav } from '#server/test-support/audio-files.ts';
import {
  createProjectsTestApp,
  followSignInLink,
  PROJECT_INPUT,
  signInLinkFor,
  uploadIntoProject,
  type ProjectsTestApp,
} from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

/*
 * The payment plan holds the masters (issue 40, decision 103): whatever the order of the owner's
 * clicks, no delivery route opens while a part due before delivery is unpaid, drafted or not yet
 * invoiced; the plan's API refuses bad input with a clear 4xx; the deposit can gate the uploads.
 */

/** $350 at 50 %: the deposit and the balance are $175 each. */
const HALF = 17_500;
const PLAN = { depositPercent: 50 };

type Action = 'invite' | 'deliver' | 'payDeposit' | 'sendBalance' | 'unlockAndLock' | 'markDelivered';

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

/** Every order of inviting, delivering, paying the deposit, unlocking-then-locking; the balance sent or not, marked delivered or not. */
const ORDERS: Action[][] = permutations<Action>(['invite', 'deliver', 'payDeposit', 'unlockAndLock']).flatMap((order, index) => {
  const withBalance = [...order];
  // The balance sent right after the masters arrive in half of the orders, never sent in the rest.
  if (index % 2 === 0) withBalance.splice(withBalance.indexOf('deliver') + 1, 0, 'sendBalance');
  // Marked delivered by hand before the masters (so the balance is invoiced before them) in every third.
  if (index % 3 === 0) withBalance.splice(withBalance.indexOf('deliver'), 0, 'markDelivered');
  return [withBalance];
});

describe.each(testDialects())('the payment plan on %s', (dialect) => {
  let t: ProjectsTestApp;
  let seq = 0;

  beforeAll(async () => {
    t = await createProjectsTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const newProject = async (input: Record<string, unknown> = {}) => {
    seq += 1;
    const email = `plan-${seq}@example.com`;
    const created = await t.asAdmin.post('/api/admin/projects').send({ ...PROJECT_INPUT, clientEmail: email, ...input });
    expect(created.status).toBe(201);
    return { id: created.body.id as number, email };
  };
  const invite = async (id: number, email: string) => {
    expect((await t.asAdmin.post(`/api/admin/projects/${id}/invite`)).status).toBe(202);
    await t.services.projects.projectEmails.idle();
    // The invitation's link: an invoice e-mail sent before it may arrive after it.
    const invitations = t.mail.filter((mail) => /\/portal\/auth\?/.test(mail.text));
    return followSignInLink(t, signInLinkFor(invitations, email));
  };
  const deliver = async (id: number) => {
    const objectPath = await uploadIntoProject(t, t.asAdmin, id, 'Master.wav', toneWav());
    const res = await t.asAdmin.post(`/api/admin/projects/${id}/deliveries`).send({ objectPath });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const plan = async (id: number) => (await t.asAdmin.get(`/api/admin/projects/${id}/plan`)).body;
  const pay = async (invoiceId: number, amountCents: number) => {
    await t.asAdmin.post(`/api/admin/invoices/${invoiceId}/send`);
    const paid = await t.asAdmin.post(`/api/admin/invoices/${invoiceId}/payments`).send({ amountCents, method: 'bank_transfer' });
    expect(paid.status).toBe(201);
  };

  /** Every way a client reaches the masters: the file (GET, HEAD, a range), the ZIP (GET, HEAD). */
  const deliveryRoutes = (client: string, id: number, fileId: number | null) => {
    const as = t.asClient(client);
    const zip = `/api/portal/projects/${id}/deliveries.zip`;
    const routes = [
      { name: 'ZIP', send: () => as.get(zip) },
      { name: 'ZIP HEAD', send: () => as.head(zip) },
    ];
    if (fileId === null) return routes;
    const file = `/api/portal/projects/${id}/files/${fileId}/download`;
    return [
      ...routes,
      { name: 'file', send: () => as.get(file) },
      { name: 'file HEAD', send: () => as.head(file) },
      { name: 'file range', send: () => as.get(file).set('Range', 'bytes=0-99') },
      { name: 'file resumed', send: () => as.get(file).set('Range', 'bytes=100-') },
    ];
  };

  it.each(ORDERS.map((order) => [order.join(' → '), order] as const))(
    '%s: every delivery route is 402 while the plan is unpaid',
    async (_name, order) => {
      const { id, email } = await newProject();
      // Half of the orders never set a plan: the studio's usual one (50 %), given when the priced project was made,
      // holds; the owner makes its drafts from the Invoices card.
      if (order.length % 2 === 0) expect((await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send(PLAN)).status).toBe(200);
      else expect((await t.asAdmin.post(`/api/admin/projects/${id}/invoices/plan`).send({})).status).toBe(201);
      expect((await plan(id)).plan).toMatchObject({ depositPercent: 50, totalCents: 35_000 });
      let client: string | null = null;
      let fileId: number | null = null;
      let depositPaid = false;
      for (const action of order) {
        if (action === 'invite') client = await invite(id, email);
        if (action === 'deliver') fileId = await deliver(id);
        if (action === 'payDeposit') {
          await pay((await plan(id)).plan.parts[0].invoiceId, HALF);
          depositPaid = true;
        }
        if (action === 'sendBalance')
          expect((await t.asAdmin.post(`/api/admin/invoices/${(await plan(id)).plan.parts[1].invoiceId}/send`)).status).toBe(200);
        if (action === 'markDelivered')
          expect((await t.asAdmin.patch(`/api/admin/projects/${id}`).send({ status: 'delivered' })).status).toBe(200);
        if (action === 'unlockAndLock') {
          expect((await t.asAdmin.patch(`/api/admin/projects/${id}`).send({ deliveryLocked: false })).body.deliveryLocked).toBe(false);
          expect((await t.asAdmin.patch(`/api/admin/projects/${id}`).send({ deliveryLocked: true })).body.deliveryLocked).toBe(true);
        }
        if (!client) continue;
        const due = (depositPaid ? 0 : HALF) + HALF;
        for (const route of deliveryRoutes(client, id, fileId)) {
          const res = await route.send();
          expect([action, route.name, res.status]).toEqual([action, route.name, 402]);
          if (!route.name.includes('HEAD')) expect(res.body.amountDueCents).toBe(due);
        }
      }
      // Once every part is paid, every route opens: the lock was the plan, not a door stuck shut.
      const paidPlan = (await plan(id)).plan;
      expect(paidPlan.parts.map((part: { kind: string }) => part.kind)).toEqual(['deposit', 'balance']);
      if (!depositPaid) await pay(paidPlan.parts[0].invoiceId, HALF);
      await pay(paidPlan.parts[1].invoiceId, HALF);
      for (const route of deliveryRoutes(client!, id, fileId))
        expect([route.name, (await route.send()).status]).toEqual([
          route.name,
          route.name === 'file range' || route.name === 'file resumed' ? 206 : 200,
        ]);
    },
  );

  it('invoices the deposit when the plan starts and the balance when the masters arrive, due after the deposit', async () => {
    const { id, email } = await newProject();
    const put = await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send({ depositPercent: 30 });
    expect(put.body.plan).toMatchObject({ depositPercent: 30, totalCents: 35_000, heldCents: 35_000, depositPaid: false });
    expect(
      put.body.plan.parts.map((part: { kind: string; amountCents: number; state: string }) => [part.kind, part.amountCents, part.state]),
    ).toEqual([
      ['deposit', 10_500, 'draft'],
      ['balance', 24_500, 'not_invoiced'],
    ]);
    const client = await invite(id, email);
    await deliver(id);
    const after = (await plan(id)).plan;
    expect(after.parts[1].state).toBe('draft');
    // The studio's usual plan (50 %) drafted a deposit when the project was made: 30 % voided that draft and drafted its own.
    const invoices = (
      (await t.asAdmin.get(`/api/admin/projects/${id}/invoices`)).body as Array<{ kind: string; dueDate: string; state: string }>
    ).filter((invoice) => invoice.state !== 'void');
    const [deposit, balance] = [invoices.find((i) => i.kind === 'deposit')!, invoices.find((i) => i.kind === 'balance')!];
    expect(balance.dueDate > deposit.dueDate).toBe(true);
    // A second delivery makes no second balance.
    await deliver(id);
    expect(
      ((await t.asAdmin.get(`/api/admin/projects/${id}/invoices`)).body as Array<{ state: string }>).filter((i) => i.state !== 'void'),
    ).toHaveLength(2);
    // The client was not told "your delivery is ready" while the masters are held.
    await t.services.projects.projectEmails.idle();
    expect(t.mail.filter((m) => m.to === email && /delivery .* is ready/.test(m.subject))).toEqual([]);
    // Paid in full: told once that the files are ready, and they open.
    await pay(after.parts[0].invoiceId, 10_500);
    await pay(after.parts[1].invoiceId, 24_500);
    await t.services.billing.billingEmails.idle();
    expect(t.mail.filter((m) => m.to === email && /files are ready/.test(m.subject))).toHaveLength(1);
    expect((await t.asClient(client).get(`/api/portal/projects/${id}/deliveries.zip`)).status).toBe(200);
  });

  it('a part due after delivery does not hold the masters; the manual unlock still opens them', async () => {
    const { id, email } = await newProject();
    await t.asAdmin
      .put(`/api/admin/projects/${id}/plan`)
      .send({ depositPercent: 50, balanceDue: { rule: 'days_after_delivery', days: 14 } });
    const client = await invite(id, email);
    await deliver(id);
    const zip = () => t.asClient(client).get(`/api/portal/projects/${id}/deliveries.zip`);
    expect((await zip()).body.amountDueCents).toBe(HALF);
    await pay((await plan(id)).plan.parts[0].invoiceId, HALF);
    expect((await zip()).status).toBe(200);

    const other = await newProject();
    await t.asAdmin.put(`/api/admin/projects/${other.id}/plan`).send(PLAN);
    const otherClient = await invite(other.id, other.email);
    await deliver(other.id);
    expect((await t.asClient(otherClient).get(`/api/portal/projects/${other.id}/deliveries.zip`)).status).toBe(402);
    await t.asAdmin.patch(`/api/admin/projects/${other.id}`).send({ deliveryLocked: false });
    expect((await t.asClient(otherClient).get(`/api/portal/projects/${other.id}/deliveries.zip`)).status).toBe(200);
  });

  it('refuses a bad plan with 400 and field messages, changing nothing', async () => {
    const { id } = await newProject();
    const before = { plan: (await plan(id)).plan, invoices: (await t.asAdmin.get(`/api/admin/projects/${id}/invoices`)).body };
    const bad = async (body: unknown) => {
      const res = await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send(body as object);
      expect(res.status).toBe(400);
      return res.body.errors as Record<string, string[]>;
    };
    expect(await bad({ depositPercent: 101 })).toHaveProperty('depositPercent');
    expect(await bad({ depositPercent: 12.5 })).toHaveProperty('depositPercent');
    expect(await bad({ depositPercent: '50' })).toHaveProperty('depositPercent');
    expect(await bad({})).toHaveProperty('depositPercent');
    expect(await bad({ depositPercent: 50, extra: true })).toHaveProperty('body');
    expect(await bad({ depositPercent: 50, balanceDue: { rule: 'someday' } })).toHaveProperty('balanceDue');
    expect(await bad({ depositPercent: 50, balanceDue: { rule: 'on_date', date: '2027-02-30' } })).toHaveProperty('balanceDue');
    expect(await bad({ depositPercent: 50, balanceDue: { rule: 'days_after_delivery', days: 0 } })).toHaveProperty('balanceDue');
    expect(await bad({ depositPercent: 50, depositDue: { rule: 'days_after_delivery', days: 10 } })).toHaveProperty('depositDue');
    expect(await bad({ depositPercent: 0, depositGatesUploads: true })).toHaveProperty('depositGatesUploads');
    expect((await t.asAdmin.put(`/api/admin/projects/${id}/plan`).set('Content-Type', 'application/json').send('[1]')).status).toBe(400);
    expect((await plan(id)).plan).toEqual(before.plan);
    expect((await t.asAdmin.get(`/api/admin/projects/${id}/invoices`)).body).toEqual(before.invoices);

    expect((await t.asAdmin.put('/api/admin/projects/999999/plan').send(PLAN)).status).toBe(404);
    expect((await t.asAdmin.get('/api/admin/projects/999999/plan')).status).toBe(404);
    expect((await t.request.put(`/api/admin/projects/${id}/plan`).send(PLAN)).status).toBe(401);
    expect((await t.asAdmin.post(`/api/admin/projects/${id}/plan`).send(PLAN)).status).toBe(405);
    const unpriced = await newProject({ price: null });
    const noPrice = await t.asAdmin.put(`/api/admin/projects/${unpriced.id}/plan`).send(PLAN);
    expect([noPrice.status, noPrice.body.message]).toEqual([409, expect.stringContaining('price')]);
  });

  it('keeps a sent part: a new amount is a 409 until it is voided (a draft follows); its due rule and the gate may change', async () => {
    const { id } = await newProject();
    const first = await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send(PLAN);
    const draftId = first.body.plan.parts[0].invoiceId as number;
    // Only drafted, the deposit follows the plan: its draft is voided and drafted again.
    const redrafted = await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send({ depositPercent: 40 });
    expect(redrafted.status).toBe(200);
    expect(redrafted.body.plan.parts[0]).toMatchObject({ amountCents: 14_000, state: 'draft' });
    expect(redrafted.body.plan.parts[0].invoiceId).not.toBe(draftId);
    expect((await t.asAdmin.get(`/api/admin/invoices/${draftId}`)).body.state).toBe('void');
    const back = await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send(PLAN);
    const depositId = back.body.plan.parts[0].invoiceId as number;
    // Sent, the client has seen its amount: it holds until the owner voids it.
    expect((await t.asAdmin.post(`/api/admin/invoices/${depositId}/send`)).status).toBe(200);
    const changed = await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send({ depositPercent: 40 });
    expect([changed.status, changed.body.message]).toEqual([409, expect.stringContaining('deposit is invoiced already')]);
    expect((await plan(id)).plan.depositPercent).toBe(50);
    const gated = await t.asAdmin
      .put(`/api/admin/projects/${id}/plan`)
      .send({ ...PLAN, balanceDue: { rule: 'on_date', date: '2030-01-15' }, depositGatesUploads: true });
    expect(gated.status).toBe(200);
    expect(gated.body.plan).toMatchObject({
      depositGatesUploads: true,
      parts: [{ invoiceId: depositId }, { due: { rule: 'on_date', date: '2030-01-15' } }],
    });
    expect((await t.asAdmin.post(`/api/admin/invoices/${depositId}/void`).send({})).status).toBe(200);
    const redone = await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send({ depositPercent: 40 });
    expect(redone.status).toBe(200);
    expect(redone.body.plan.parts[0]).toMatchObject({ amountCents: 14_000, state: 'draft' });
    expect(redone.body.plan.parts[0].invoiceId).not.toBe(depositId);
  });

  it('holds the client uploads while the plan gates the work on an unpaid deposit, and says why', async () => {
    const { id, email } = await newProject();
    await t.asAdmin.put(`/api/admin/projects/${id}/plan`).send({ ...PLAN, depositGatesUploads: true });
    const client = await invite(id, email);
    const start = () =>
      t
        .asClient(client)
        .post('/api/uploads/s3/multipart')
        .send({ filename: 'Stems.wav', type: 'audio/wav', metadata: { projectId: id } });
    const refused = await start();
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('deposit is paid'), amountDueCents: HALF });
    const registered = await t
      .asClient(client)
      .post(`/api/portal/projects/${id}/files`)
      .send({ objectPath: `/objects/staging/x`, category: 'stems' });
    expect(registered.status).toBe(402);
    expect((await t.asClient(client).get(`/api/portal/projects/${id}/invoices`)).body.uploadsWaitForDeposit).toMatchObject({
      amountDueCents: HALF,
    });
    // The owner's deliveries are never gated.
    await deliver(id);
    await pay((await plan(id)).plan.parts[0].invoiceId, HALF);
    expect((await start()).status).toBe(200);
    expect((await t.asClient(client).get(`/api/portal/projects/${id}/invoices`)).body.uploadsWaitForDeposit).toBeNull();
  });
});
