import type { Kysely } from 'kysely';
import { addCalendarDays } from '#common/calendar-date.ts';
import {
  FUNNEL_STAGES,
  GOAL_KINDS,
  type FunnelStep,
  type GoalSummary,
  type InsightQuery,
  type InsightRow,
  type InsightSummary,
  type InsightTotals,
  stepStart,
} from '#common/insights.ts';
import type { Database } from '#server/db/schema.ts';
import { countDays, type DailyCount } from './day-counts.ts';
import { NO_VISIT_SOURCE } from './goals.ts';

const TOP_ROWS = 20;
const DAY_MS = 86_400_000;

/**
 * The counts of a range: the rolled-up days from their totals, the others (today) from their events;
 * with `totals`, only each day's totals (what the period before is compared by).
 */
async function countsOf(db: Kysely<Database>, from: string, to: string, only: { totals?: boolean } = {}): Promise<DailyCount[]> {
  // The days not rolled up yet (today, a day the hourly task has not reached) are read from their
  // events, asked by their list so the rolled-up days' events are never scanned. The roll-ups are read
  // first: a day rolled up in between is then in both, and its totals win.
  const rolledUp = await db.selectFrom('insightRollups').select('day').where('day', '>=', from).where('day', '<=', to).execute();
  let rolledQuery = db.selectFrom('insightDaily').selectAll().where('day', '>=', from).where('day', '<=', to);
  if (only.totals) rolledQuery = rolledQuery.where('dimension', '=', 'total');
  const rolled = await rolledQuery.execute();
  const closed = new Set(rolledUp.map((row) => row.day));
  const open: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) if (!closed.has(day)) open.push(day);
  const live = open.length > 0 ? await countDays(db, open, only) : [];
  const rolledDays = new Set(rolled.map((row) => row.day));
  return [...(rolled as DailyCount[]), ...live.filter((row) => !rolledDays.has(row.day))];
}

function totalsOf(counts: DailyCount[]): InsightTotals {
  const totals = { visitors: 0, views: 0 };
  for (const row of counts) {
    if (row.kind !== 'view' || row.dimension !== 'total') continue;
    totals.visitors += row.visitors;
    totals.views += row.views;
  }
  return totals;
}

/** The top rows of one kind and dimension over the range: views summed, visitors summed day by day. */
function topOf(counts: DailyCount[], kind: string, dimension: DailyCount['dimension']): InsightRow[] {
  const byValue = new Map<string, InsightRow>();
  for (const row of counts) {
    if (row.kind !== kind || row.dimension !== dimension) continue;
    const entry = byValue.get(row.value) ?? { value: row.value, views: 0, visitors: 0 };
    entry.views += row.views;
    entry.visitors += row.visitors;
    byValue.set(row.value, entry);
  }
  return [...byValue.values()].sort((a, b) => b.views - a.views || a.value.localeCompare(b.value)).slice(0, TOP_ROWS);
}

const sumOf = (counts: DailyCount[], kind: string, dimension: DailyCount['dimension'], value = '') =>
  counts.reduce((sum, row) => (row.kind === kind && row.dimension === dimension && row.value === value ? sum + row.visitors : sum), 0);

/** Each goal: how often, how many from a counted visit, and those visits' sources, campaigns and landing pages. */
function goalsOf(counts: DailyCount[]): GoalSummary[] {
  return GOAL_KINDS.map((kind) => {
    const count = counts.reduce((sum, row) => (row.kind === kind && row.dimension === 'total' ? sum + row.views : sum), 0);
    const sources = topOf(counts, kind, 'source');
    const withoutVisit = sources.find((row) => row.value === NO_VISIT_SOURCE)?.views ?? 0;
    return {
      kind,
      count,
      fromVisits: count - withoutVisit,
      sources: sources.filter((row) => row.value !== NO_VISIT_SOURCE),
      // A goal's `page` is its visit's landing page ('' for none).
      landings: topOf(counts, kind, 'page').filter((row) => row.value !== ''),
      campaigns: topOf(counts, kind, 'campaign'),
    };
  });
}

function funnelOf(counts: DailyCount[], visitors: number): FunnelStep[] {
  return FUNNEL_STAGES.map((stage) => ({
    stage,
    visitors: stage === 'visitors' ? visitors : sumOf(counts, 'funnel', 'stage', stage),
  }));
}

function seriesOf(counts: DailyCount[], query: InsightQuery): InsightSummary['series'] {
  const points = new Map<string, InsightTotals & { start: string }>();
  for (let dayText = query.from; dayText <= query.to; dayText = addCalendarDays(dayText, 1)) {
    const start = stepStart(dayText, query.interval);
    if (!points.has(start)) points.set(start, { start, visitors: 0, views: 0 });
  }
  for (const row of counts) {
    if (row.kind !== 'view' || row.dimension !== 'total') continue;
    const point = points.get(stepStart(row.day, query.interval));
    if (!point) continue;
    point.visitors += row.visitors;
    point.views += row.views;
  }
  return [...points.values()];
}

/**
 * The dashboard's numbers for a range of UTC days. A visitor is counted once per day (ids change
 * with each day's salt), so a range's visitors are the sum of its days'.
 */
export async function insightSummary(db: Kysely<Database>, query: InsightQuery): Promise<InsightSummary> {
  const length = Math.round((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS) + 1;
  const [counts, before] = await Promise.all([
    countsOf(db, query.from, query.to),
    countsOf(db, addCalendarDays(query.from, -length), addCalendarDays(query.from, -1), { totals: true }),
  ]);
  const totals = totalsOf(counts);
  return {
    ...totals,
    previous: totalsOf(before),
    series: seriesOf(counts, query),
    pages: topOf(counts, 'view', 'page'),
    landings: topOf(counts, 'view', 'landing'),
    sources: topOf(counts, 'view', 'source'),
    referrers: topOf(counts, 'view', 'referrer'),
    campaigns: topOf(counts, 'view', 'campaign'),
    countries: topOf(counts, 'view', 'country'),
    devices: topOf(counts, 'view', 'device'),
    samples: topOf(counts, 'play', 'target'),
    outbound: topOf(counts, 'outbound', 'target'),
    embeds: topOf(counts, 'embed', 'target'),
    goals: goalsOf(counts),
    funnel: funnelOf(counts, totals.visitors),
  };
}
