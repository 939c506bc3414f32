import { addCalendarDays, calendarDateSchema } from '#common/calendar-date.ts';
import type { ProjectStatus } from '#common/project-lifecycle.ts';
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

/** How long single events are kept before only their daily totals remain. */
export const INSIGHT_EVENT_DAYS = 30;

/**
 * The privacy policy's `{{site.analytics}}` (common/site-content/content-tokens.ts): what the site
 * counts, in the visitor's words, or that it counts nothing, as the owner's settings now say.
 */
export function analyticsPolicyWords(settings: InsightSettings): string {
  if (!settings.counting) return 'This website does not keep visitor statistics: no page view, play or click is counted.';
  return [
    'This website counts its visits without cookies and without keeping your IP address or browser details.',
    'For each page view it records the page, the site that linked to it, a campaign name in the link,',
    'the country of your browser’s language setting and whether you use a phone, tablet or computer.',
    'It also counts samples played for 30 seconds, links followed to other sites, embedded players started,',
    'and messages, bookings and payments made.',
    'Views of one day are grouped by a code made from your address and browser with a key that changes',
    'every day and is then deleted, so no visit can be linked to another day or to you.',
    `Single events are deleted after ${INSIGHT_EVENT_DAYS} days; only daily totals are kept.`,
    settings.honourPrivacySignals ? 'Browsers that send Do Not Track or Global Privacy Control are not counted at all.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export const insightSettingsSchema = z.strictObject({
  counting: z.boolean({ error: 'counting must be true or false' }),
  honourPrivacySignals: z.boolean({ error: 'honourPrivacySignals must be true or false' }),
});
export type InsightSettings = z.infer<typeof insightSettingsSchema>;

/** Counting is on and Do Not Track / Global Privacy Control are honoured until the owner says otherwise. */
export const DEFAULT_INSIGHT_SETTINGS: InsightSettings = { counting: true, honourPrivacySignals: true };

const rangeFields = {
  from: calendarDateSchema('from'),
  to: calendarDateSchema('to'),
  interval: z.enum(['day', 'week', 'month']).default('day'),
};

/** A range is whole UTC days, first to last, at most about three years. */
function inRange<T extends { from: string; to: string }>(schema: z.ZodType<T>) {
  return schema
    .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
    .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 1_100 * 86_400_000, {
      message: 'A range is at most 1,100 days',
      path: ['to'],
    });
}

/** GET /api/admin/insights: an inclusive range of UTC days and the series' step. */
export const insightQuerySchema = inRange(z.strictObject(rangeFields));
export type InsightQuery = z.infer<typeof insightQuerySchema>;

/** The day a series point starts: the day itself, its week's Monday, or its month's first. */
export function stepStart(dayText: string, interval: InsightQuery['interval']): string {
  if (interval === 'month') return `${dayText.slice(0, 7)}-01`;
  if (interval === 'week') return addCalendarDays(dayText, -((new Date(`${dayText}T00:00:00Z`).getUTCDay() + 6) % 7));
  return dayText;
}

/** The steps of a range, each with its first and last day inside the range. */
export function rangeSteps(query: Pick<InsightQuery, 'from' | 'to' | 'interval'>): Array<{ start: string; end: string }> {
  const steps: Array<{ start: string; end: string }> = [];
  for (let dayText = query.from; dayText <= query.to; dayText = addCalendarDays(dayText, 1)) {
    const start = stepStart(dayText, query.interval);
    if (steps.at(-1)?.start === start) steps.at(-1)!.end = dayText;
    else steps.push({ start, end: dayText });
  }
  return steps;
}

/**
 * GET /api/admin/insights/business: the studio's side of the dashboard, read from billing, booking
 * and projects (server/flows/business-figures.ts).
 */
export interface BusinessFigures {
  /** The studio's billing currency: the money is in it (invoices in another are left out). */
  currency: string;
  money: Array<{ start: string; invoicedCents: number; paidCents: number; outstandingCents: number }>;
  /** Consultations per week (from Monday, by the studio's date), by what became of them. */
  bookings: Array<{ start: string; confirmed: number; noShows: number; cancelled: number }>;
  /** No-shows among the range's consultations that have taken place (0 to 1), null when none has. */
  noShowRate: number | null;
  /** Projects in each status now. */
  projects: Array<{ status: ProjectStatus; count: number }>;
}

export interface InsightTotals {
  visitors: number;
  views: number;
}

export interface InsightRow extends InsightTotals {
  value: string;
}

/**
 * What turns a visitor into a client (decision 113), counted once per time it happens. The first three
 * come from a visitor's own request and are credited to that day's visit (its source and landing
 * page); a proposal sent, accepted or a payment may come from the studio, from Stripe or from a
 * signed-in client, and are counted without a visit when no visitor's request made them.
 */
export const GOAL_KINDS = [
  'contact_sent',
  'consultation_booked',
  'project_request',
  'proposal_sent',
  'proposal_accepted',
  'payment_made',
] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

export const isGoalKind = (kind: string): kind is GoalKind => (GOAL_KINDS as readonly string[]).includes(kind);

/** The steps from a visit to a paying client; each step's number is the visits (or goals without a visit) that reached it. */
export const FUNNEL_STAGES = ['visitors', 'engaged', 'enquired', 'proposed', 'accepted', 'paid'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Which goals bring a visit to a step of the funnel past `engaged` (played a sample or opened two pages). */
export const STAGE_GOALS = {
  enquired: ['contact_sent', 'consultation_booked', 'project_request'],
  proposed: ['proposal_sent'],
  accepted: ['proposal_accepted'],
  paid: ['payment_made'],
} as const satisfies Partial<Record<FunnelStage, readonly GoalKind[]>>;

export interface GoalSummary {
  kind: GoalKind;
  /** How many times it happened in the range. */
  count: number;
  /** Of those, how many came from a counted visit (the rest: the studio, Stripe, a signed-in client). */
  fromVisits: number;
  /** The visits' sources and landing pages (`views` is the goals reached from each). */
  sources: InsightRow[];
  landings: InsightRow[];
  campaigns: InsightRow[];
}

export interface FunnelStep {
  stage: FunnelStage;
  /** Visitors (summed day by day) who reached this step. */
  visitors: number;
}

/** The views the CSV export (GET /api/admin/insights.csv?view=) writes, one file each. */
export const INSIGHT_CSV_VIEWS = [
  'series',
  'pages',
  'landings',
  'sources',
  'referrers',
  'campaigns',
  'countries',
  'devices',
  'samples',
  'outbound',
  'embeds',
  'goals',
  'funnel',
] as const;
export type InsightCsvView = (typeof INSIGHT_CSV_VIEWS)[number];

export const insightCsvQuerySchema = inRange(
  z.strictObject({ view: z.enum(INSIGHT_CSV_VIEWS, { error: `view must be one of ${INSIGHT_CSV_VIEWS.join(', ')}` }), ...rangeFields }),
);

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
  /** Embedded players (Spotify, YouTube...) started, by provider. */
  embeds: InsightRow[];
  goals: GoalSummary[];
  funnel: FunnelStep[];
}
