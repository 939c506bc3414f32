import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** The UTC day (`YYYY-MM-DD`) of a time: the span one salt, and so one visitor id, lasts. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * A visitor for one day: a keyed hash of the day's salt with the address, the browser and the site.
 * The address and browser are never stored; once the day's salt is deleted, nobody (the studio
 * included) can tell whether two days' ids are one person.
 */
export function visitorId(salt: string, facts: { address: string; userAgent: string; host: string }): string {
  return createHmac('sha256', salt).update(`${facts.address}\n${facts.userAgent}\n${facts.host}`).digest('hex').slice(0, 32);
}

/**
 * The day's salt, shared by every instance through the database: the first to ask makes it, the
 * others read it. Kept in memory for the day; earlier days' salts are deleted by the roll-up.
 */
export class DailySalts {
  private current: { day: string; salt: string } | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  async saltFor(day: string): Promise<string> {
    if (this.current?.day === day) return this.current.salt;
    await this.db
      .insertInto('insightSalts')
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.db.selectFrom('insightSalts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    this.current = { day, salt: row.salt };
    return row.salt;
  }

  /** Forgets every salt before `day`, in memory and in the database. */
  async forgetBefore(day: string): Promise<void> {
    if (this.current && this.current.day < day) this.current = null;
    await this.db.deleteFrom('insightSalts').where('day', '<', day).execute();
  }
}
