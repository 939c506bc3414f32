import type { Kysely } from 'kysely';
import type { GoalKind, InsightQuery, InsightSettings, InsightSummary } from '#common/insights.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import { rollUpFinishedDays } from './daily-rollup.ts';
import type { GoalVisit } from './goals.ts';
import { InsightEvents } from './insight-events.ts';
import { readInsightSettings, saveInsightSettings } from './insight-settings.ts';
import { insightSummary } from './insight-summary.ts';
import { utcDay } from './visitor-hash.ts';
import { isAutomated } from './visitor-rules.ts';

/** The visitor statistics (issue 45, decision 106): counting, the owner's settings, the dashboard's numbers. */
export interface InsightsCapability {
  events: InsightEvents;
  settings: { read(): Promise<InsightSettings>; save(settings: InsightSettings): Promise<InsightSettings> };
  /**
   * Counts a goal reached (decision 113), credited to the visit of `visit`'s request, or to none when
   * no visitor's request made it (null). Call it once the goal is committed; it only queues (a batch
   * writes it), never throws, and drops a bot's.
   */
  recordGoal(kind: GoalKind, visit: GoalVisit | null, at?: Date): void;
  summary(query: InsightQuery): Promise<InsightSummary>;
  /** Rolls up finished days, drops single events past 30 days and forgets old salts. */
  tidy(now?: Date): Promise<string[]>;
}

export interface InsightsParts {
  db: Kysely<Database>;
  logger: Logger;
  countryHeader: string | null;
  siteHost: string;
}

export function createInsightsCapability({ db, logger, countryHeader, siteHost }: InsightsParts): InsightsCapability {
  const events = new InsightEvents(db, { countryHeader, logger, siteHost });
  return {
    events,
    settings: { read: () => readInsightSettings(db), save: (settings) => saveInsightSettings(db, settings) },
    recordGoal(kind, visit, at = new Date()) {
      if (visit && isAutomated(visit.headers)) return;
      const query = new URLSearchParams();
      if (visit) events.observe({ kind, path: '', target: null, headers: visit.headers, address: visit.address, query, at });
      else events.observe({ kind, path: '', target: null, headers: {}, address: '', query, at, noVisit: true });
    },
    summary: (query) => insightSummary(db, query),
    async tidy(now = new Date()) {
      const today = utcDay(now);
      await events.flush();
      const rolled = await rollUpFinishedDays(db, today);
      await events.forgetSaltsBefore(today);
      return rolled;
    },
  };
}

const TIDY_EVERY_MS = 60 * 60 * 1000;

/** Hourly: a day is rolled up within an hour of its end, and its salt forgotten with it. */
export function startInsightTasks(services: { logger: Logger; insights: InsightsCapability }): NodeJS.Timeout {
  const tidy = () =>
    services.insights.tidy().catch((error: unknown) => services.logger.error({ err: error }, 'insights: the daily roll-up failed'));
  void tidy();
  const timer = setInterval(() => void tidy(), TIDY_EVERY_MS);
  timer.unref();
  return timer;
}
