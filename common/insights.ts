import { calendarDateSchema } from '#common/calendar-date.ts';
import { z } from '#common/zod.ts';

/*
 * The contract of the visitor statistics (issue 45): what the site's beacon sends, the owner's
 * settings, and the dashboard's question. Shared by the browser and the server.
 */

/** A beacon's body is at most this many bytes; a bigger one is dropped unread. */
export const MAX_BEACON_BYTES = 2_048;

/** What a page reports that the server cannot see: a sample played for 30 s, a click out, an embed played. */
export const beaconSchema = z.strictObject({
  event: z.enum(['play', 'outbound', 'embed']),
  path: z.string().max(300).regex(/^\//),
  sample: z.number().int().positive().max(2_147_483_647).optional(),
  target: z.string().max(200).optional(),
});

export const insightSettingsSchema = z.strictObject({
  counting: z.boolean({ error: 'counting must be true or false' }),
  honourPrivacySignals: z.boolean({ error: 'honourPrivacySignals must be true or false' }),
});
export type InsightSettings = z.infer<typeof insightSettingsSchema>;

/** Counting is on and Do Not Track / Global Privacy Control are honoured until the owner says otherwise. */
export const DEFAULT_INSIGHT_SETTINGS: InsightSettings = { counting: true, honourPrivacySignals: true };

/** GET /api/admin/insights: an inclusive range of UTC days (at most about three years) and the series' step. */
export const insightQuerySchema = z
  .strictObject({
    from: calendarDateSchema('from'),
    to: calendarDateSchema('to'),
    interval: z.enum(['day', 'week', 'month']).default('day'),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 1_100 * 86_400_000, {
    message: 'A range is at most 1,100 days',
    path: ['to'],
  });
export type InsightQuery = z.infer<typeof insightQuerySchema>;

export interface InsightTotals {
  visitors: number;
  views: number;
}

export interface InsightRow extends InsightTotals {
  value: string;
}

export interface InsightSummary extends InsightTotals {
  /** The same totals over the period of the same length just before. */
  previous: InsightTotals;
  /** One point per day, week (from Monday) or month, from the first to the last of the range. */
  series: Array<InsightTotals & { start: string }>;
  pages: InsightRow[];
  landings: InsightRow[];
  sources: InsightRow[];
  referrers: InsightRow[];
  campaigns: InsightRow[];
  countries: InsightRow[];
  devices: InsightRow[];
  /** Samples played for 30 s, by sample id. */
  samples: InsightRow[];
  outbound: InsightRow[];
}
