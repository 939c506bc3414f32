import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import { insertProject } from '#server/test-support/project-row.ts';
import { InvoiceService } from './invoices.ts';

const line = (description: string, amountCents: number) => ({ description, amountCents });

describe.each(testDialects())('invoices on %s', (dialect) => {
  let services: TestServices;
  let invoices: InvoiceService;
  let projectId: number;
  let year: number;
  beforeAll(async () => {
    services = await createTestServices(dialect);
    invoices = new InvoiceService(services.db, services.projects.projectsForBilling, async () => ({
      prefix: 'ATL',
      currency: 'USD',
      paymentTermsDays: 14,
      reminderDaysBefore: 3,
      timeZoneOf: async () => 'America/New_York',
    }));
    year = new Date().getUTCFullYear();
    projectId = await insertProject(services.db, { title: 'EP', clientName: 'Ada', clientEmail: 'ada@example.com', price: 300 });
  });
  afterAll(() => services.cleanup());

  it('works out totals in integer cents with a discount and tax', async () => {
    const outcome = await invoices.create(projectId, {
      lines: [line('Mix and master', 15_000), line('Stems', 5_000)],
      discountCents: 2_000,
      taxPercent: 8.25,
    });
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(outcome.invoice).toMatchObject({
      state: 'draft',
      subtotalCents: 20_000,
      discountCents: 2_000,
      taxCents: 1_485,
      totalCents: 19_485,
      currency: 'USD',
      amountDueCents: 0,
    });
    expect(outcome.invoice.number).toMatch(new RegExp(`^ATL-${year}-\\d{4}$`));
  });

  it('refuses bad amounts with field messages and stores nothing', async () => {
    const before = await invoices.ofProject(projectId);
    for (const body of [
      { lines: [] },
      { lines: [line('Mix', 10.5)] },
      { lines: [line('Mix', -100)] },
      { lines: [line('Mix', 100)], discountCents: 200 },
      { lines: [line('Mix', 100)], taxPercent: 8.8755 },
      { lines: [line('', 100)] },
      { lines: [line('Mix', 100)], dueDate: '2027-02-30' },
      'junk',
    ]) {
      const outcome = await invoices.create(projectId, body);
      expect(outcome.kind, JSON.stringify(body)).toBe('invalid');
    }
    expect(await invoices.ofProject(projectId)).toHaveLength(before.length);
    expect((await invoices.create(999_999, { lines: [line('Mix', 100)] })).kind).toBe('not-found');
  });

  it('numbers 20 invoices made at once sequentially, each number once', async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => invoices.create(projectId, { lines: [line(`Song ${i}`, 1_000 + i)] })),
    );
    const numbers = made.map((outcome) => (outcome.kind === 'done' ? outcome.invoice.number : 'failed'));
    expect(new Set(numbers).size).toBe(20);
    const sequences = numbers.map((number) => Number(number.split('-')[2])).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => sequences[0] + i));
  });

  it('edits a draft, then only voids and reissues it once sent; both stay', async () => {
    const created = await invoices.create(projectId, { lines: [line('Deposit', 10_000)], kind: 'deposit' });
    if (created.kind !== 'done') throw new Error('not created');
    const id = created.invoice.id;
    const edited = await invoices.updateDraft(id, { lines: [line('Deposit (50 %)', 15_000)], notes: 'Thanks!' });
    expect(edited).toMatchObject({ kind: 'done', invoice: { totalCents: 15_000, notes: 'Thanks!' } });
    expect(await invoices.send(id)).toMatchObject({ kind: 'done', invoice: { state: 'sent', amountDueCents: 15_000 } });
    expect((await invoices.updateDraft(id, { notes: 'changed' })).kind).toBe('conflict');
    expect((await invoices.send(id)).kind).toBe('conflict');
    const voided = await invoices.void(id, { reason: 'Wrong amount', reissue: true });
    expect(voided).toMatchObject({ kind: 'done', invoice: { state: 'void', voidReason: 'Wrong amount', amountDueCents: 0 } });
    expect(voided.reissued).toMatchObject({ state: 'draft', replacesInvoiceId: id, totalCents: 15_000, kind: 'deposit' });
    expect(voided.reissued?.number).not.toBe(created.invoice.number);
    expect((await invoices.get(id))?.replacedByInvoiceId).toBe(voided.reissued?.id);
  });

  it('records payments by hand, partly then in full, and locks delivery only while a balance is due', async () => {
    const created = await invoices.create(projectId, { lines: [line('Balance', 30_000)], kind: 'balance' });
    if (created.kind !== 'done') throw new Error('not created');
    const id = created.invoice.id;
    expect((await invoices.recordPayment(id, { amountCents: 100, method: 'cash' }, 1)).kind).toBe('conflict');
    await invoices.send(id);
    const lockedBefore = await invoices.deliveryLock(projectId);
    expect(lockedBefore.locked).toBe(true);
    expect(lockedBefore.amountDueCents).toBeGreaterThanOrEqual(30_000);
    expect((await invoices.recordPayment(id, { amountCents: 30_001, method: 'cash' }, 1)).kind).toBe('invalid');
    expect((await invoices.recordPayment(id, { amountCents: 100, method: 'card' }, 1)).kind).toBe('invalid');
    const partly = await invoices.recordPayment(
      id,
      { amountCents: 10_000, method: 'bank_transfer', reference: 'TX-1', paidOn: '2027-01-05' },
      1,
    );
    expect(partly).toMatchObject({ kind: 'done', invoice: { state: 'partly_paid', paidCents: 10_000, amountDueCents: 20_000 } });
    const paid = await invoices.recordPayment(id, { amountCents: 20_000, method: 'cash' }, 1);
    expect(paid).toMatchObject({ kind: 'done', invoice: { state: 'paid', paidCents: 30_000, amountDueCents: 0 } });
    if (paid.kind === 'done') expect(paid.invoice.payments.map((p) => p.amountCents)).toEqual([10_000, 20_000]);
    expect((await invoices.void(id, {})).kind).toBe('conflict');
  });

  it('does not send an invoice that totals nothing', async () => {
    const created = await invoices.create(projectId, { lines: [line('Free extra', 0)] });
    if (created.kind !== 'done') throw new Error('not created');
    expect(await invoices.send(created.invoice.id)).toMatchObject({ kind: 'conflict' });
    expect((await invoices.get(created.invoice.id))?.state).toBe('draft');
  });

  it('unlocks for a trusted client when the owner turns the lock off', async () => {
    const created = await invoices.create(projectId, { lines: [line('Rush', 5_000)] });
    if (created.kind !== 'done') throw new Error('not created');
    await invoices.send(created.invoice.id);
    expect((await invoices.deliveryLock(projectId)).locked).toBe(true);
    await services.db.updateTable('projects').set({ deliveryLocked: 0 }).where('id', '=', projectId).execute();
    expect(await invoices.deliveryLock(projectId)).toMatchObject({ locked: false, amountDueCents: 5_000 });
  });
});
