import type { Timestamp } from './timestamp.ts';

/** Fixed-window counters for rate limits and brute-force protection, shared by every instance. */
export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: string;
}

/** One-time jobs already done (the first-run demo seed). */
export interface CompletedOnceTable {
  name: string;
  createdAt: Timestamp;
}

/** One row per daily task and UTC day: the instance that inserts it runs the task. */
export interface DailyTaskRunsTable {
  task: string;
  day: string;
  createdAt: Timestamp;
}

/** What every capability leans on: rate-limit counters, one-time and daily jobs. */
export interface InfrastructureTables {
  rateLimits: RateLimitsTable;
  completedOnce: CompletedOnceTable;
  dailyTaskRuns: DailyTaskRunsTable;
}
