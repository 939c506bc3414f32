import type { Kysely } from 'kysely';
import { addCalendarDays } from '#common/calendar-date.ts';
import { INSIGHT_EVENT_DAYS } from '#common/insights.ts';
import type { Database } from '#server/db/schema.ts';
import { countDays } from './day-counts.ts';

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
      const counts = await countDays(trx, [day]);
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
