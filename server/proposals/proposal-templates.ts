import type { Kysely } from 'kysely';
import { proposalTemplateSchema, type ProposalTemplateInput, type ProposalTemplateView } from '#common/proposals.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import type { Database } from '#server/db/schema.ts';

/*
 * Templates per package (decision 114): what a typical proposal for a package holds (songs, extras,
 * options, the plan, the message, how long it stays open), so the owner starts one from a booking
 * and sends it in a minute. A template is read when a proposal is made from it, never afterwards.
 */

export type TemplateOutcome =
  { kind: 'invalid'; message: string; errors: FieldErrors } | { kind: 'not-found' } | { kind: 'done'; template: ProposalTemplateView };

type Row = { id: number; name: string; packageKey: string; body: string };

const viewOf = (row: Row): ProposalTemplateView => ({
  ...(JSON.parse(row.body) as Omit<ProposalTemplateInput, 'name' | 'packageKey'>),
  id: row.id,
  name: row.name,
  packageKey: row.packageKey,
});

export class ProposalTemplates {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly packageExists: (key: string) => Promise<boolean>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(): Promise<ProposalTemplateView[]> {
    const rows = await this.db.selectFrom('proposalTemplates').selectAll().orderBy('name').orderBy('id').execute();
    return rows.map(viewOf);
  }

  /** A new template (`id` null) or a change to one. */
  async save(id: number | null, body: unknown): Promise<TemplateOutcome> {
    const parsed = validate(proposalTemplateSchema, body ?? {}, 'Please check the template');
    if (!parsed.success) return { kind: 'invalid', message: parsed.message, errors: parsed.errors };
    const { name, packageKey, ...rest } = parsed.data;
    if (!(await this.packageExists(packageKey)))
      return {
        kind: 'invalid',
        message: 'Please check the template',
        errors: { packageKey: [`There is no package "${packageKey}" on the site`] },
      };
    const now = this.now().toISOString();
    const values = { name, packageKey, body: JSON.stringify(rest), updatedAt: now };
    const row =
      id === null
        ? await this.db
            .insertInto('proposalTemplates')
            .values({ ...values, createdAt: now })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await this.db.updateTable('proposalTemplates').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return { kind: 'not-found' };
    return { kind: 'done', template: viewOf(row) };
  }

  async remove(id: number): Promise<boolean> {
    const removed = await this.db.deleteFrom('proposalTemplates').where('id', '=', id).executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }
}
