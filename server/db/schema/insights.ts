import type { Generated } from 'kysely';
import type { Timestamp } from './timestamp.ts';

/** One counted view, play or click (decision 106): no address, no user agent, kept 30 days. */
export interface InsightEventsTable {
  id: Generated<number>;
  /** The UTC day (`YYYY-MM-DD`) the visitor hash and the roll-up belong to. */
  day: string;
  occurredAt: string;
  kind: string;
  path: string;
  /** Keyed hash of the day's salt, address, browser and site: the same visitor within one day only. */
  visitor: string;
  /** `direct`, `search`, `social`, `streaming`, `referral` or `campaign`. */
  source: string;
  referrerDomain: string | null;
  campaign: string | null;
  country: string | null;
  device: string;
  /** A play's sample id, an outbound click's host. */
  target: string | null;
  /** 1 when this view brought the visitor in from outside (its landing page). */
  entry: Generated<number>;
}

export interface InsightSaltsTable {
  day: string;
  salt: string;
}

export interface InsightDailyTable {
  day: string;
  kind: string;
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

export interface InsightRollupsTable {
  day: string;
  rolledAt: Timestamp;
}

export interface InsightSettingsTable {
  id: number;
  counting: number;
  honourPrivacySignals: number;
  updatedAt: Timestamp;
}

export interface InsightTables {
  insightEvents: InsightEventsTable;
  insightSalts: InsightSaltsTable;
  insightDaily: InsightDailyTable;
  insightRollups: InsightRollupsTable;
  insightSettings: InsightSettingsTable;
}
