import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { RECENT_PLAYS_DAYS, type SamplePlayCount } from '#common/samples.ts';
import type { Database } from '#server/db/schema.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';

/** One client counts at most one play of a sample in this long: replays and scripted bursts add nothing. */
export const PLAY_RATE_WINDOW_MS = 10 * 60 * 1000;

export type PlayOutcome = { kind: 'counted' } | { kind: 'unknown-sample' } | { kind: 'rate-limited' };

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/**
 * Play counts (decision 047): one row per sample and UTC day. Who listened is never stored: the
 * rate limit's bucket is named by an HMAC of the client's address and the day under the server's
 * secret, which cannot be turned back into the address, changes every day and expires with the window.
 */
export class SamplePlays {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
  ) {}

  private clientKey(address: string, day: string): string {
    return createHmac('sha256', this.secret).update(`sample-play\n${day}\n${address}`).digest('base64url').slice(0, 22);
  }

  /** Counts a play of a live sample by the client at `address`, unless it counted one in the last window. */
  async record(sampleId: number, address: string, now = new Date()): Promise<PlayOutcome> {
    const day = utcDay(now);
    // Looked up first, so made-up ids never reach the rate-limit table.
    const live = await this.db
      .selectFrom('samples')
      .select('id')
      .where('id', '=', sampleId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!live) return { kind: 'unknown-sample' };
    const limit = await hitRateLimit(
      this.db,
      { key: `play:${sampleId}:${this.clientKey(address, day)}`, limit: 1, windowMs: PLAY_RATE_WINDOW_MS },
      now,
    );
    if (!limit.allowed) return { kind: 'rate-limited' };
    // From the sample row itself: a sample trashed or removed since the look-up above adds nothing.
    const result = await this.db
      .insertInto('samplePlaysDaily')
      .columns(['sampleId', 'day', 'count'])
      .expression((eb) =>
        eb
          .selectFrom('samples')
          .select([sql<number>`id`.as('sampleId'), sql<string>`${day}`.as('day'), sql<number>`1`.as('count')])
          .where('id', '=', sampleId)
          .where('deletedAt', 'is', null),
      )
      .onConflict((oc) => oc.columns(['sampleId', 'day']).doUpdateSet({ count: sql<number>`sample_plays_daily.count + 1` }))
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? { kind: 'counted' } : { kind: 'unknown-sample' };
  }

  /** Every sample's plays: all time, and in the last RECENT_PLAYS_DAYS UTC days (today included). */
  async counts(now = new Date()): Promise<SamplePlayCount[]> {
    const firstRecentDay = utcDay(new Date(now.getTime() - (RECENT_PLAYS_DAYS - 1) * DAY_MS));
    const rows = await this.db
      .selectFrom('samplePlaysDaily')
      .select([
        'sampleId',
        sql<number>`sum(count)`.as('total'),
        sql<number>`sum(case when day >= ${firstRecentDay} then count else 0 end)`.as('recent'),
      ])
      .groupBy('sampleId')
      .orderBy('sampleId')
      .execute();
    // PostgreSQL sums integers as bigint, which its driver hands over as text.
    return rows.map((row) => ({ sampleId: row.sampleId, total: Number(row.total), recent: Number(row.recent) }));
  }
}
