import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Claims today's run of a daily task: true for exactly one caller per task and UTC day, however many
 * instances ask at once (the row's primary key decides). A run cut short by a crash is not redone the
 * same day, so a daily task must catch up on whatever earlier days left (work by "is due", not "today").
 */
export async function claimDailyRun(db: Kysely<Database>, task: string, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const inserted = await db
    .insertInto('dailyTaskRuns')
    .values({ task, day, createdAt: now.toISOString() })
    .onConflict((oc) => oc.columns(['task', 'day']).doNothing())
    .returning('task')
    .executeTakeFirst();
  return inserted !== undefined;
}
