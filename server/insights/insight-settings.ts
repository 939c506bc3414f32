import type { Kysely } from 'kysely';
import { DEFAULT_INSIGHT_SETTINGS, type InsightSettings } from '#common/insights.ts';
import type { Database } from '#server/db/schema.ts';

const SETTINGS_ROW = 1;

/** The owner's choices; the defaults until they first save. */
export async function readInsightSettings(db: Kysely<Database>): Promise<InsightSettings> {
  const row = await db
    .selectFrom('insightSettings')
    .select(['counting', 'honourPrivacySignals'])
    .where('id', '=', SETTINGS_ROW)
    .executeTakeFirst();
  return row ? { counting: row.counting === 1, honourPrivacySignals: row.honourPrivacySignals === 1 } : { ...DEFAULT_INSIGHT_SETTINGS };
}

export async function saveInsightSettings(db: Kysely<Database>, settings: InsightSettings, now = new Date()): Promise<InsightSettings> {
  const values = {
    counting: settings.counting ? 1 : 0,
    honourPrivacySignals: settings.honourPrivacySignals ? 1 : 0,
    updatedAt: now.toISOString(),
  };
  await db
    .insertInto('insightSettings')
    .values({ id: SETTINGS_ROW, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  return readInsightSettings(db);
}
