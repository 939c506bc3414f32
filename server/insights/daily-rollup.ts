import { sql, type Kysely } from 'kysely';
import { addCalendarDays } from '#common/calendar-date.ts';
import { INSIGHT_EVENT_DAYS, STAGE_GOALS } from '#common/insights.ts';
import type { Database } from '#server/db/schema.ts';

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
  dimension: InsightDimension | 'landing' | 'stage';
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
  return [...counts, ...(await funnelStages(db, days))];
}

/**
 * The funnel's steps past the first, per day (kind `funnel`, dimension `stage`): the visitors who
 * played a sample or opened two pages (`engaged`), and for each later step the visitors who reached
 * one of its goals, each counted once however many of them they reached.
 */
async function funnelStages(db: Kysely<Database>, days: { from: string; to: string }): Promise<DailyCount[]> {
  const base = () => db.selectFrom('insightEvents').where('day', '>=', days.from).where('day', '<=', days.to);
  const stage = (value: string, row: { day: string; visitors: number | string | bigint }): DailyCount => ({
    day: row.day,
    kind: 'funnel',
    dimension: 'stage',
    value,
    views: Number(row.visitors),
    visitors: Number(row.visitors),
  });
  const visits = base()
    .select(['day', 'visitor'])
    .where('kind', 'in', ['view', 'play'])
    .groupBy(['day', 'visitor'])
    .having(({ or, eb }) =>
      or([
        eb(sql<number>`sum(case when kind = 'play' then 1 else 0 end)`, '>', 0),
        eb(sql<number>`sum(case when kind = 'view' then 1 else 0 end)`, '>=', 2),
      ]),
    );
  const engaged = await db
    .selectFrom(visits.as('visit'))
    .select(['day', sql<number>`count(*)`.as('visitors')])
    .groupBy('day')
    .execute();
  const counts = engaged.map((row) => stage('engaged', row));
  for (const [name, kinds] of Object.entries(STAGE_GOALS)) {
    const reached = await base()
      .select(['day', sql<number>`count(distinct visitor)`.as('visitors')])
      .where('kind', 'in', [...kinds])
      .groupBy('day')
      .execute();
    counts.push(...reached.map((row) => stage(name, row)));
  }
  return counts;
}

/**
 * Rolls up each finished day not rolled up yet (so a day missed while the site was down is caught up),
 * then deletes single events past INSIGHT_EVENT_DAYS. A day is claimed by its `insight_rollups` row in the
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
  const cutoff = addCalendarDays(today, -INSIGHT_EVENT_DAYS);
  await db.deleteFrom('insightEvents').where('day', '<', cutoff).execute();
  return rolled;
}
