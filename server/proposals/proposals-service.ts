import type { Kysely } from 'kysely';
import { addCalendarDays } from '#common/calendar-date.ts';
import { percentToTaxRate } from '#common/billing/money.ts';
import {
  createProposalSchema,
  DEFAULT_PROPOSAL_DAYS,
  updateProposalSchema,
  type AdminProposalView,
  type CreateProposalInput,
  type ProposalListItem,
  type ProposalState,
} from '#common/proposals.ts';
import { quoteProblemMessage, quoteProposal, type PricedPackage } from '#common/proposal-quote.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import { keyedHash } from '#server/crypto/secret-box.ts';
import { freshToken, tokenHashOf } from '#server/crypto/secret-tokens.ts';
import type { Database, Proposal } from '#server/db/schema.ts';
import { adminView, inputOf, listItem, stateOf, termsOf } from './proposal-views.ts';

/*
 * The owner's proposals (decision 114): drafts made and changed, sent (the client's link made and
 * e-mailed), resent, withdrawn and duplicated. A sent proposal is no longer changed: its link shows
 * what was sent, and the owner withdraws it and sends a corrected copy instead.
 */

/** What proposals read of the rest of the site: the packages, the currency, the studio's date, the agreement. */
export interface ProposalFacts {
  packages: () => Promise<PricedPackage[]>;
  currency: () => Promise<string>;
  /** The studio's calendar date (`YYYY-MM-DD`): a proposal is open through its last day there. */
  today: () => Promise<string>;
  /** The studio's agreement with the tokens filled for a proposal's plan, as it reads now. */
  agreementFor: (proposal: CreateProposalInput) => Promise<string>;
  /** Whether a record a proposal may be made from exists. */
  exists: (kind: 'booking' | 'enquiry' | 'project', id: number) => Promise<boolean>;
}

export type ProposalOutcome =
  | { kind: 'invalid'; message: string; errors: FieldErrors }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'done'; proposal: AdminProposalView };

/** A proposal a visitor asked for from the site's start page (decision 115). */
export interface SiteRequest {
  note: string;
  queueNotice: (trx: Kysely<Database>, proposalId: number) => Promise<void>;
}

const invalid = (message: string, errors: FieldErrors): ProposalOutcome => ({ kind: 'invalid', message, errors });

const FROM_FIELDS = [
  ['bookingId', 'booking', 'That booking no longer exists'],
  ['contactSubmissionId', 'enquiry', 'That enquiry no longer exists'],
  ['projectId', 'project', 'That project no longer exists'],
] as const;

export class ProposalsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly facts: ProposalFacts,
    /** The session secret: the clients' links are keyed hashes made with it. */
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The client's link of a sent proposal: made again from its nonce, never stored. */
  linkOf(row: Pick<Proposal, 'id' | 'linkNonce'>): string | null {
    if (row.linkNonce === null) return null;
    return `${this.publicUrl}/p/${this.tokenOf(row.id, row.linkNonce)}`;
  }

  private tokenOf(id: number, nonce: string): string {
    return keyedHash(`${id}:${nonce}`, this.secret, 'proposal-link');
  }

  async view(row: Proposal): Promise<AdminProposalView> {
    const [view] = await this.views([row]);
    return view!;
  }

  /** The owner's views of these rows: the site's facts read once, the signatures in one query. */
  private async views(rows: Proposal[]): Promise<AdminProposalView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [packages, currency, today, signatures] = await Promise.all([
      this.facts.packages(),
      this.facts.currency(),
      this.facts.today(),
      this.db.selectFrom('proposalSignatures').selectAll().where('proposalId', 'in', ids).execute(),
    ]);
    const signatureOf = new Map(signatures.map((signature) => [signature.proposalId, signature]));
    return rows.map((row) => adminView(row, signatureOf.get(row.id), { packages, currency, today, url: this.linkOf(row) }));
  }

  async get(id: number): Promise<AdminProposalView | null> {
    const row = await this.row(id);
    return row ? this.view(row) : null;
  }

  row(id: number): Promise<Proposal | undefined> {
    return this.db.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(): Promise<ProposalListItem[]> {
    const rows = await this.db.selectFrom('proposals').selectAll().orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(500).execute();
    return (await this.views(rows)).map(listItem);
  }

  /** Counts by state for the dashboard, counted by the database (a sent one is viewed or expired by its dates). */
  async counts(): Promise<Record<ProposalState, number>> {
    const today = await this.facts.today();
    const rows = await this.db
      .selectFrom('proposals')
      .select((eb) => [
        'state',
        'expiresOn',
        eb.case().when('firstViewedAt', 'is not', null).then(1).else(0).end().as('seen'),
        eb.fn.countAll<number | string>().as('count'),
      ])
      .groupBy(['state', 'expiresOn', 'seen'])
      .execute();
    const counts: Record<ProposalState, number> = { draft: 0, sent: 0, viewed: 0, accepted: 0, expired: 0, withdrawn: 0 };
    for (const row of rows) counts[stateOf({ ...row, viewed: Number(row.seen) === 1 }, today)] += Number(row.count);
    return counts;
  }

  /** A draft; `request`: one a visitor asked for from the site (its note kept, its notice queued in the same transaction). */
  async create(body: unknown, request?: SiteRequest): Promise<ProposalOutcome> {
    const parsed = validate(createProposalSchema, body ?? {}, 'Please check the proposal');
    if (!parsed.success) return invalid(parsed.message, parsed.errors);
    const problem = await this.problemsOf(parsed.data);
    if (problem) return problem;
    const input = parsed.data;
    const now = this.now().toISOString();
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('proposals')
        .values({ ...this.columnsOf(input), requestNote: request?.note ?? null, createdAt: now, updatedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await request?.queueNotice(trx, inserted.id);
      return inserted;
    });
    return { kind: 'done', proposal: await this.view(row) };
  }

  /** A draft's change; a sent, accepted or withdrawn proposal stays as it is (409). */
  async update(id: number, body: unknown): Promise<ProposalOutcome> {
    const parsed = validate(updateProposalSchema, body ?? {}, 'Please check the proposal');
    if (!parsed.success) return invalid(parsed.message, parsed.errors);
    const row = await this.row(id);
    if (!row) return { kind: 'not-found' };
    if (row.state !== 'draft') return { kind: 'conflict', message: 'Only a draft can be changed: duplicate this proposal to change it' };
    const input = { ...inputOf(row), ...parsed.data };
    const problem = await this.problemsOf(input);
    if (problem) return problem;
    const updated = await this.db
      .updateTable('proposals')
      .set({ ...this.columnsOf(input), updatedAt: this.now().toISOString() })
      .where('id', '=', id)
      .where('state', '=', 'draft')
      .returningAll()
      .executeTakeFirst();
    if (!updated) return { kind: 'conflict', message: 'This proposal was sent meanwhile: reload it' };
    return { kind: 'done', proposal: await this.view(updated) };
  }

  /**
   * Sends a draft (its link made, its agreement fixed as it reads now, its expiry set) or resends a
   * sent one (the same link). `queueEmail` is called in the same transaction, so a proposal told as
   * sent always has its e-mail queued.
   */
  async send(
    id: number,
    queueEmail: (trx: Kysely<Database>, proposalId: number, subject: string) => Promise<void>,
  ): Promise<ProposalOutcome & { firstSend?: boolean }> {
    const row = await this.row(id);
    if (!row) return { kind: 'not-found' };
    const today = await this.facts.today();
    if (row.state === 'accepted') return { kind: 'conflict', message: 'This proposal is accepted already' };
    if (row.state === 'withdrawn') return { kind: 'conflict', message: 'This proposal was withdrawn: duplicate it to send it again' };
    const problem = await this.problemsOf(inputOf(row));
    if (problem) return problem;
    const now = this.now().toISOString();
    const nonce = row.linkNonce ?? freshToken();
    const expiresOn = row.expiresOn !== null && row.expiresOn >= today ? row.expiresOn : addCalendarDays(today, DEFAULT_PROPOSAL_DAYS);
    const agreementText = row.agreementText ?? (await this.facts.agreementFor(inputOf(row)));
    const sent = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('proposals')
        .set({
          state: 'sent',
          linkNonce: nonce,
          tokenHash: tokenHashOf(this.tokenOf(id, nonce)),
          agreementText,
          expiresOn,
          sentAt: now,
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('state', 'in', ['draft', 'sent'])
        .returningAll()
        .executeTakeFirst();
      if (updated) await queueEmail(trx, id, `sent:${id}:${now}`);
      return updated;
    });
    if (!sent) return { kind: 'conflict', message: 'This proposal changed meanwhile: reload it' };
    return { kind: 'done', proposal: await this.view(sent), firstSend: row.state === 'draft' };
  }

  async withdraw(id: number): Promise<ProposalOutcome> {
    const now = this.now().toISOString();
    const updated = await this.db
      .updateTable('proposals')
      .set({ state: 'withdrawn', withdrawnAt: now, updatedAt: now })
      .where('id', '=', id)
      .where('state', 'in', ['draft', 'sent'])
      .returningAll()
      .executeTakeFirst();
    if (updated) return { kind: 'done', proposal: await this.view(updated) };
    const row = await this.row(id);
    if (!row) return { kind: 'not-found' };
    return {
      kind: 'conflict',
      message: row.state === 'accepted' ? 'This proposal is accepted already' : 'This proposal is withdrawn already',
    };
  }

  /** A new draft with the same terms (no link, no dates): the way to change what was sent. */
  async duplicate(id: number): Promise<ProposalOutcome> {
    const row = await this.row(id);
    if (!row) return { kind: 'not-found' };
    const input = { ...inputOf(row), expiresOn: null };
    const now = this.now().toISOString();
    const copy = await this.db
      .insertInto('proposals')
      .values({ ...this.columnsOf(input), createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'done', proposal: await this.view(copy) };
  }

  /** The proposal behind a client's link, counted as viewed (`count`: a page view, not an acceptance's read). */
  async byToken(token: string, count: boolean): Promise<Proposal | null> {
    if (!/^[0-9a-f]{64}$/.test(token)) return null;
    const row = await this.db.selectFrom('proposals').selectAll().where('tokenHash', '=', tokenHashOf(token)).executeTakeFirst();
    if (!row || !count || row.state !== 'sent') return row ?? null;
    const now = this.now().toISOString();
    await this.db
      .updateTable('proposals')
      .set((eb) => ({ viewCount: eb('viewCount', '+', 1), firstViewedAt: eb.fn.coalesce('firstViewedAt', eb.val(now)) }))
      .where('id', '=', row.id)
      .execute();
    return { ...row, viewCount: row.viewCount + 1, firstViewedAt: row.firstViewedAt ?? now };
  }

  /** What the input's package, options and source records must be for the sums to exist. */
  private async problemsOf(input: CreateProposalInput): Promise<ProposalOutcome | null> {
    const packages = await this.facts.packages();
    const errors: FieldErrors = {};
    const quoted = quoteProposal(termsOf(this.columnsOf(input) as unknown as Proposal), packages);
    if (quoted.kind === 'problem') errors.packageKey = [quoteProblemMessage(quoted.problem)];
    input.options.forEach((option, index) => {
      if (option.packageKey !== undefined && !packages.some((pkg) => pkg.key === option.packageKey))
        errors[`options.${index}.packageKey`] = [`There is no package "${option.packageKey}" on the site`];
    });
    for (const [field, kind, message] of FROM_FIELDS) {
      const id = input[field];
      if (id !== null && !(await this.facts.exists(kind, id))) errors[field] = [message];
    }
    return Object.keys(errors).length > 0 ? invalid('Please check the proposal', errors) : null;
  }

  private columnsOf(input: CreateProposalInput) {
    return {
      title: input.title,
      clientName: input.clientName,
      clientEmail: input.clientEmail,
      artistName: input.artistName,
      packageKey: input.packageKey,
      songs: input.songs,
      extras: JSON.stringify(input.extras),
      options: JSON.stringify(input.options),
      depositPercent: input.depositPercent,
      balanceDue: JSON.stringify(input.balanceDue),
      depositGatesUploads: input.depositGatesUploads ? 1 : 0,
      taxRate: percentToTaxRate(input.taxPercent) ?? 0,
      discountCents: input.discountCents,
      message: input.message,
      expiresOn: input.expiresOn,
      bookingId: input.bookingId,
      contactSubmissionId: input.contactSubmissionId,
      projectId: input.projectId,
    };
  }
}
