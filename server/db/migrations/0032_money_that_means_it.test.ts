import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';
import { insertProject } from '#server/test-support/project-row.ts';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';

/*
 * Invoices written before 0032 kept one net paid amount (payments less refunds and disputes) and a
 * tax rate in basis points: the migration splits the money into its three figures and restates it.
 */
describe.each(testDialects())('0032 on %s: older invoices read as what happened to them', (dialect) => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect);
  });
  afterAll(() => services.cleanup());

  it('splits paid, refunded and disputed money, restates the states and keeps the tax rate', async () => {
    const { db } = services;
    const projectId = await insertProject(db, { clientEmail: 'older@example.com', price: 300 });
    await migrateTo(db, '0028_booking_holders');
    const invoice = async (number: string, paid: number) =>
      (
        await sql<{
          id: number;
        }>`INSERT INTO invoices (project_id, number, kind, state, currency, subtotal_cents, tax_basis_points, total_cents, paid_cents)
          VALUES (${projectId}, ${number}, 'full', 'partly_paid', 'USD', 10000, 825, 10000, ${paid}) RETURNING id`.execute(db)
      ).rows[0]!.id;
    const payment = (invoiceId: number, cents: number, reference: string) =>
      sql`INSERT INTO payments (invoice_id, amount_cents, method, reference, paid_on, recorded_by)
          VALUES (${invoiceId}, ${cents}, 'card', ${reference}, '2026-11-01', 'stripe')`.execute(db);
    // Paid 100.00, then 30.00 refunded: it read "partly paid, $30 due".
    const partly = await invoice('OLD-1', 7_000);
    await payment(partly, 10_000, 'pi_1');
    await payment(partly, -3_000, 'Refund of pi_1');
    // Paid and refunded in full: it read "sent, $100 due".
    const whole = await invoice('OLD-2', 0);
    await payment(whole, 10_000, 'pi_2');
    await payment(whole, -10_000, 'Refund of pi_2');
    // A dispute taken: the money gone, the invoice unpaid again.
    const disputed = await invoice('OLD-3', 0);
    await payment(disputed, 10_000, 'pi_3');
    await payment(disputed, -10_000, 'Disputed (dp_3)');

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('invoices')
      .select(['number', 'state', 'paidCents', 'refundedCents', 'disputedCents', 'taxRate'])
      .where('number', 'like', 'OLD-%')
      .orderBy('number')
      .execute();
    expect(rows).toEqual([
      { number: 'OLD-1', state: 'paid', paidCents: 10_000, refundedCents: 3_000, disputedCents: 0, taxRate: 8_250 },
      { number: 'OLD-2', state: 'refunded', paidCents: 10_000, refundedCents: 10_000, disputedCents: 0, taxRate: 8_250 },
      { number: 'OLD-3', state: 'paid', paidCents: 10_000, refundedCents: 0, disputedCents: 10_000, taxRate: 8_250 },
    ]);
    const kinds = await db
      .selectFrom('payments')
      .select('kind')
      .where('invoiceId', 'in', [partly, whole, disputed])
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['payment', 'refund', 'payment', 'refund', 'payment', 'dispute']);
  });
});
