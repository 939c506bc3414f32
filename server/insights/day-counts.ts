import { sql, type Kysely } from 'kysely';
import { STAGE_GOALS } from '#common/insights.ts';
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
type InsightDimension = keyof typeof DIMENSIONS;

export interface DailyCount {
  day: string;
  kind: string;
  dimension: InsightDimension | 'landing' | 'stage';
  value: string;
  views: number;
  visitors: number;
}

type EventRow = Pick<
  Database['insightEvents'],
  'kind' | 'path' | 'visitor' | 'source' | 'referrerDomain' | 'campaign' | 'country' | 'device' | 'target'
> & { entry: number };

/** One day's views and distinct visitors per kind, dimension and value, summed as the rows go by. */
class DayTally {
  private readonly kinds = new Map<string, Map<DailyCount['dimension'], Map<string, { views: number; visitors: Set<string> }>>>();

  constructor(private readonly day: string) {}

  /** The cells of one kind, by dimension: looked up once per row, not once per dimension. */
  of(kind: string): Map<DailyCount['dimension'], Map<string, { views: number; visitors: Set<string> }>> {
    let dimensions = this.kinds.get(kind);
    if (!dimensions) this.kinds.set(kind, (dimensions = new Map()));
    return dimensions;
  }

  add(kind: string, dimension: DailyCount['dimension'], value: string, visitor: string): void {
    DayTally.addTo(this.of(kind), dimension, value, visitor);
  }

  static addTo(
    dimensions: Map<DailyCount['dimension'], Map<string, { views: number; visitors: Set<string> }>>,
    dimension: DailyCount['dimension'],
    value: string,
    visitor: string,
  ): void {
    let values = dimensions.get(dimension);
    if (!values) dimensions.set(dimension, (values = new Map()));
    let cell = values.get(value);
    if (!cell) values.set(value, (cell = { views: 0, visitors: new Set() }));
    cell.views += 1;
    cell.visitors.add(visitor);
  }

  counts(): DailyCount[] {
    const counts: DailyCount[] = [];
    for (const [kind, dimensions] of this.kinds)
      for (const [dimension, values] of dimensions)
        for (const [value, cell] of values)
          counts.push({ day: this.day, kind, dimension, value, views: cell.views, visitors: cell.visitors.size });
    return counts;
  }
}

const STAGES = Object.entries(STAGE_GOALS) as Array<[keyof typeof STAGE_GOALS, readonly string[]]>;

/**
 * Every day's counts from the single events of `days`: views and distinct visitors within the day per
 * kind and dimension, the landing pages (views that came from outside), and the funnel's steps past
 * the first (kind `funnel`, dimension `stage`: who played a sample or opened two pages, and who
 * reached each later step's goals, once however many they reached). What the roll-up stores, and
 * what the dashboard reads for days not rolled up yet (today).
 *
 * Each day's events are read once and counted here, not by a query per dimension: a day of 30,000
 * events costs one indexed read instead of fifteen grouped scans (docs/benchmarks.md, issue 45).
 * With `totals`, only each day's totals, which the database counts by itself.
 */
export async function countDays(db: Kysely<Database>, days: readonly string[], only: { totals?: boolean } = {}): Promise<DailyCount[]> {
  if (days.length === 0) return [];
  if (only.totals) {
    const rows = await db
      .selectFrom('insightEvents')
      .select(['day', 'kind', sql<number>`count(*)`.as('views'), sql<number>`count(distinct visitor)`.as('visitors')])
      .where('day', 'in', days)
      .groupBy(['day', 'kind'])
      .execute();
    return rows.map((row) => ({ ...row, dimension: 'total', value: '', views: Number(row.views), visitors: Number(row.visitors) }));
  }
  const counts: DailyCount[] = [];
  const dimensions = Object.entries(DIMENSIONS) as Array<[InsightDimension, (typeof DIMENSIONS)[InsightDimension]]>;
  for (const day of days) {
    const tally = new DayTally(day);
    const funnel = new DayTally(day);
    const rows: EventRow[] = await db
      .selectFrom('insightEvents')
      .select(['kind', 'path', 'visitor', 'source', 'referrerDomain', 'campaign', 'country', 'device', 'target', 'entry'])
      .where('day', '=', day)
      .execute();
    const visits = new Map<string, { views: number; plays: number }>();
    for (const row of rows) {
      const cells = tally.of(row.kind);
      for (const [dimension, column] of dimensions) {
        const value = column ? row[column] : '';
        if (value !== null) DayTally.addTo(cells, dimension, value, row.visitor);
      }
      if (Number(row.entry) === 1) DayTally.addTo(cells, 'landing', row.path, row.visitor);
      if (row.kind === 'view' || row.kind === 'play') {
        let visit = visits.get(row.visitor);
        if (!visit) visits.set(row.visitor, (visit = { views: 0, plays: 0 }));
        if (row.kind === 'view') visit.views += 1;
        else visit.plays += 1;
      }
      for (const [stage, kinds] of STAGES) if (kinds.includes(row.kind)) funnel.add('funnel', 'stage', stage, row.visitor);
    }
    for (const [visitor, visit] of visits) if (visit.plays > 0 || visit.views >= 2) funnel.add('funnel', 'stage', 'engaged', visitor);
    // A step's number is its visitors: the funnel's `views` say the same.
    counts.push(...tally.counts(), ...funnel.counts().map((count) => ({ ...count, views: count.visitors })));
  }
  return counts;
}
