import type { Kysely } from 'kysely';
import { taxRateToPercent } from '#common/billing/money.ts';
import { paymentPlanSchema, type PlanAnswer } from '#common/billing/payment-plan.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import type { Database } from '#server/db/schema.ts';
import type { BillingProjects } from './billing-projects.ts';
import { insertInvoice, todayUtc, type InvoiceDefaults } from './invoice-insert.ts';
import { partDueDate, partLine, planParts, type PlannedPart } from './invoice-plan.ts';
import { projectMoney } from './plan-reads.ts';

/*
 * A project's payment plan (decision 103): the parts its price is paid in, each with its due rule
 * and, once invoiced, its invoice. The plan is set by the owner (PUT …/plan) and, later, by a
 * proposal's acceptance; its invoices are made from it at fixed moments, so whatever the order of
 * the owner's clicks, the lock (plan-reads.ts) sees every part due before delivery.
 */

/** When parts are invoiced: the plan starting (parts due at the start), the masters arriving (every part without one), or all at once. */
export type InvoiceMoment = 'start' | 'delivery' | 'all';

export type PlanOutcome =
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'not-found' }
  | { kind: 'no-price' }
  | { kind: 'conflict'; message: string }
  | { kind: 'saved'; answer: PlanAnswer; invoiced: number[] };

class PlanConflict extends Error {}

/**
 * What a proposal's acceptance sets besides the plan's input: the exact amount it splits (in cents,
 * before tax), the tax its invoices carry (thousandths of a percent) and their line.
 */
export interface PlanTerms {
  priceCents: number;
  taxRate: number;
  label: string;
}

const PART_NAMES = { deposit: 'deposit', balance: 'balance', full: 'payment in full' } as const;

const fires = (part: PlannedPart, moment: InvoiceMoment) => moment !== 'start' || part.due.rule === 'at_start';

export class PaymentPlanService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: BillingProjects,
    private readonly defaults: () => Promise<InvoiceDefaults & { depositPercent: number }>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The plan as the admin shows it, or null when there is no such project. */
  async get(projectId: number): Promise<PlanAnswer | null> {
    const project = await this.projects.find(this.db, projectId);
    if (!project) return null;
    const { currency, depositPercent } = await this.defaults();
    const [{ plan }, terms] = await Promise.all([projectMoney(this.db, projectId), this.termsOf(projectId)]);
    const priceCents = terms?.priceCents ?? (project.price === null ? null : project.price * 100);
    return { plan, priceCents, currency, defaultDepositPercent: depositPercent };
  }

  /** The proposal's terms a plan was set with, or null for a plan of the project's price. */
  private async termsOf(projectId: number, db: Kysely<Database> = this.db): Promise<PlanTerms | null> {
    const row = await db
      .selectFrom('paymentPlans')
      .select(['priceCents', 'taxRate', 'label'])
      .where('projectId', '=', projectId)
      .executeTakeFirst();
    if (!row || row.priceCents === null) return null;
    return { priceCents: Number(row.priceCents), taxRate: row.taxRate, label: row.label ?? '' };
  }

  /**
   * Sets the plan from the project's price (or a proposal's exact amount), then invoices what is due
   * (`moment`: the parts due at the start, every part at once, or none: the studio's fallback plan holds
   * without drafting). A part already sent keeps its amount (a change to it is a conflict); a part only
   * drafted is voided and drafted again with its new amount.
   */
  async put(
    projectId: number,
    body: unknown,
    moment: Exclude<InvoiceMoment, 'delivery'> | 'none' = 'start',
    proposalTerms: PlanTerms | null = null,
  ): Promise<PlanOutcome> {
    const parsed = validate(paymentPlanSchema, body ?? {}, 'Please check the payment plan');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const project = await this.projects.find(this.db, projectId);
    if (!project) return { kind: 'not-found' };
    // The owner's later change of the deposit keeps a proposal's exact amount, tax and line.
    const terms = proposalTerms ?? (await this.termsOf(projectId));
    const amountCents = terms?.priceCents ?? (project.price === null ? 0 : project.price * 100);
    if (amountCents <= 0) return { kind: 'no-price' };
    const input = parsed.data;
    const parts = planParts(amountCents, input);
    const now = this.now().toISOString();
    try {
      await this.db.transaction().execute(async (trx) => {
        // Written first: PostgreSQL holds the plan's row, SQLite the writer, until this commits.
        await trx
          .insertInto('paymentPlans')
          .values({
            projectId,
            depositPercent: input.depositPercent,
            depositGatesUploads: input.depositGatesUploads ? 1 : 0,
            priceCents: terms?.priceCents ?? null,
            taxRate: terms?.taxRate ?? 0,
            label: terms?.label ?? null,
            startedAt: now,
            updatedAt: now,
          })
          .onConflict((conflict) =>
            conflict.column('projectId').doUpdateSet({
              depositPercent: input.depositPercent,
              depositGatesUploads: input.depositGatesUploads ? 1 : 0,
              priceCents: terms?.priceCents ?? null,
              taxRate: terms?.taxRate ?? 0,
              label: terms?.label ?? null,
              updatedAt: now,
            }),
          )
          .execute();
        const before = await projectMoney(trx, projectId);
        const kept = new Map<string, number>();
        for (const [index, old] of (before.plan?.parts ?? []).entries()) {
          const live = before.liveInvoices[index];
          if (!live) continue;
          const same = parts.find((part) => part.kind === old.kind && part.amountCents === old.amountCents);
          if (same) {
            kept.set(old.kind, live.id);
            continue;
          }
          // A draft was never sent: the client has seen nothing, so the new plan drafts it again.
          if (live.state === 'draft') {
            await trx
              .updateTable('invoices')
              .set({ state: 'void', voidedAt: now, voidReason: 'The payment plan changed', updatedAt: now })
              .where('id', '=', live.id)
              .where('state', '=', 'draft')
              .execute();
            continue;
          }
          // Thrown, not returned: the plan's row written above is rolled back with it.
          throw new PlanConflict(`The ${PART_NAMES[old.kind]} is invoiced already (${live.number}): void its invoice to change it`);
        }
        await trx.deleteFrom('paymentPlanParts').where('projectId', '=', projectId).execute();
        await trx
          .insertInto('paymentPlanParts')
          .values(
            parts.map((part, position) => ({
              projectId,
              position,
              kind: part.kind,
              amountCents: part.amountCents,
              dueRule: part.due.rule,
              dueOn: part.due.rule === 'on_date' ? part.due.date : null,
              dueDays: part.due.rule === 'days_after_delivery' ? part.due.days : null,
              invoiceId: kept.get(part.kind) ?? null,
              updatedAt: now,
            })),
          )
          .execute();
      });
    } catch (error) {
      if (error instanceof PlanConflict) return { kind: 'conflict', message: error.message };
      throw error;
    }
    const invoiced = moment === 'none' ? [] : await this.invoiceDue(projectId, moment);
    return { kind: 'saved', answer: (await this.get(projectId))!, invoiced };
  }

  /**
   * Makes a draft for each part due at `moment` that has no live invoice, in one transaction that
   * holds the plan's row first: two triggers at once make each invoice once. Answers the new ids.
   */
  async invoiceDue(projectId: number, moment: InvoiceMoment): Promise<number[]> {
    const defaults = await this.defaults();
    const now = this.now();
    const today = todayUtc(now);
    return this.db.transaction().execute(async (trx) => {
      const held = await trx
        .updateTable('paymentPlans')
        .set({ updatedAt: now.toISOString() })
        .where('projectId', '=', projectId)
        .returning(['depositPercent', 'taxRate', 'label'])
        .executeTakeFirst();
      const project = held && (await this.projects.find(trx, projectId));
      if (!held || !project) return [];
      const { plan, liveInvoices } = await projectMoney(trx, projectId);
      const made: number[] = [];
      let previousDue: string | null = null;
      for (const [index, part] of (plan?.parts ?? []).entries()) {
        const live = liveInvoices[index] ?? null;
        if (live || !fires(part, moment)) {
          previousDue = live?.dueDate ?? previousDue;
          continue;
        }
        const dueDate = partDueDate(part.due, today, defaults.paymentTermsDays, previousDue);
        const what = held.label ? { packageTitle: held.label, title: project.title } : project;
        const lines = [{ description: partLine(what, part.kind, held.depositPercent), amountCents: part.amountCents }];
        const invoice = await insertInvoice(
          trx,
          projectId,
          { kind: part.kind, lines, dueDate, taxPercent: taxRateToPercent(held.taxRate), discountCents: 0, notes: '' },
          defaults,
          now,
        );
        await trx
          .updateTable('paymentPlanParts')
          .set({ invoiceId: invoice.id, updatedAt: now.toISOString() })
          .where('projectId', '=', projectId)
          .where('kind', '=', part.kind)
          .execute();
        made.push(invoice.id);
        previousDue = dueDate;
      }
      return made;
    });
  }

  /** While the plan says uploads wait for the deposit and it is unpaid: what the deposit still asks for; else null. */
  async uploadsWaitFor(projectId: number): Promise<{ amountDueCents: number; currency: string } | null> {
    const { plan } = await projectMoney(this.db, projectId);
    if (!plan?.depositGatesUploads || plan.depositPaid) return null;
    return { amountDueCents: plan.parts[0]?.owedCents ?? 0, currency: (await this.defaults()).currency };
  }
}
