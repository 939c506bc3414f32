import { sql, type Kysely } from 'kysely';
import { addCalendarDays } from '#common/calendar-date.ts';
import type { Database } from '#server/db/schema.ts';

/** How long the single events are kept; the daily totals stay for ever. */
export const RAW_EVENT_DAYS = 30;

/** The dimensions each kind is counted by, and the column that gives the value (`total`: one row per day). */
const DIMENSIONS = {
  total: null,
  page: 'path',
  source: 'source',
  referrer: 'referrerDomain',
  campaign: 'campaign',
  country: 'country',
  device: 'device',
  target: 'target',
} as const;
export type InsightDimension = keyof typeof DIMENSIONS;

export interface DailyCount {
  day: string;
  kind: string;
  dimension: InsightDimension | 'landing';
  value: string;
  views: number;
  visitors: number;
}

/**
 * Every day's counts from the single events of `days` (one query per dimension): views, distinct
 * visitors within the day, and for views the landing pages (entries from outside). What the roll-up
 * stores, and what the dashboard reads for days not rolled up yet (today).
 */
export async function countDays(
  db: Kysely<Database>,
  days: { from: string; to: string },
  only: { totals?: boolean } = {},
): Promise<DailyCount[]> {
  const counts: DailyCount[] = [];
  const base = () => db.selectFrom('insightEvents').where('day', '>=', days.from).where('day', '<=', days.to);
  const measures = [sql<number>`count(*)`.as('views'), sql<number>`count(distinct visitor)`.as('visitors')] as const;
  const dimensions = Object.entries(DIMENSIONS) as Array<[InsightDimension, (typeof DIMENSIONS)[InsightDimension]]>;
  for (const [dimension, column] of only.totals ? dimensions.filter(([name]) => name === 'total') : dimensions) {
    const rows = column
      ? await base()
          .select(['day', 'kind', `${column} as value`, ...measures])
          .where(column, 'is not', null)
          .groupBy(['day', 'kind', column])
          .execute()
      : await base()
          .select(['day', 'kind', sql<string>`''`.as('value'), ...measures])
          .groupBy(['day', 'kind'])
          .execute();
    for (const row of rows)
      counts.push({ ...row, value: String(row.value), dimension, views: Number(row.views), visitors: Number(row.visitors) });
  }
  if (only.totals) return counts;
  const landings = await base()
    .select(['day', 'kind', 'path as value', ...measures])
    .where('entry', '=', 1)
    .groupBy(['day', 'kind', 'path'])
    .execute();
  for (const row of landings) counts.push({ ...row, dimension: 'landing', views: Number(row.views), visitors: Number(row.visitors) });
  return counts;
}

/**
 * Rolls up each finished day not rolled up yet (so a day missed while the site was down is caught up),
 * then deletes single events past RAW_EVENT_DAYS. A day is claimed by its `insight_rollups` row in the
 * same transaction as its totals: two instances never count a day twice.
 */
export async function rollUpFinishedDays(db: Kysely<Database>, today: string): Promise<string[]> {
  const pending = await db
    .selectFrom('insightEvents')
    .select('day')
    .distinct()
    .where('day', '<', today)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('insightRollups').select('day').whereRef('insightRollups.day', '=', 'insightEvents.day'))),
    )
    .orderBy('day')
    .execute();
  const rolled: string[] = [];
  for (const { day } of pending) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('insightRollups')
        .values({ day, rolledAt: new Date().toISOString() })
        .onConflict((oc) => oc.column('day').doNothing())
        .returning('day')
        .executeTakeFirst();
      if (!claimed) return;
      const counts = await countDays(trx, { from: day, to: day });
      for (let start = 0; start < counts.length; start += 100)
        await trx
          .insertInto('insightDaily')
          .values(counts.slice(start, start + 100))
          .execute();
      rolled.push(day);
    });
  }
  const cutoff = addCalendarDays(today, -RAW_EVENT_DAYS);
  await db.deleteFrom('insightEvents').where('day', '<', cutoff).execute();
  return rolled;
}
