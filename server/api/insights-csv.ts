import type { InsightCsvView, InsightRow, InsightSummary } from '#common/insights.ts';
import { csvRow, UTF8_BOM } from '#server/contact/csv.ts';

type ListView = Exclude<InsightCsvView, 'series' | 'goals' | 'funnel'>;

/** What the value column of each top list is called. */
const VALUE_COLUMN: Record<ListView, string> = {
  pages: 'Page',
  landings: 'Landing page',
  sources: 'Source',
  referrers: 'Referring site',
  campaigns: 'Campaign',
  countries: 'Country',
  devices: 'Device',
  samples: 'Sample id',
  outbound: 'Site',
  embeds: 'Provider',
};

function listCsv(view: ListView, rows: InsightRow[]): string {
  return [csvRow([VALUE_COLUMN[view], 'Count', 'Visitors']), ...rows.map((row) => csvRow([row.value, row.views, row.visitors]))].join('');
}

/** A goal per row (`total`), then each goal's sources, campaigns and landing pages, one row each. */
function goalsCsv(goals: InsightSummary['goals']): string {
  const rows = [csvRow(['Goal', 'Breakdown', 'Value', 'Count', 'Visitors'])];
  for (const goal of goals) {
    rows.push(csvRow([goal.kind, 'total', '', goal.count, goal.fromVisits]));
    for (const [breakdown, list] of [
      ['source', goal.sources],
      ['campaign', goal.campaigns],
      ['landing page', goal.landings],
    ] as const)
      for (const row of list) rows.push(csvRow([goal.kind, breakdown, row.value, row.views, row.visitors]));
  }
  return rows.join('');
}

/**
 * One view of the dashboard as CSV (RFC 4180 with the formula guard of csvRow: a page address or a
 * campaign someone typed as `=HYPERLINK(...)` opens as text). Counts are the same numbers as the JSON.
 */
export function insightsCsv(view: InsightCsvView, summary: InsightSummary): string {
  let body: string;
  if (view === 'series')
    body = [
      csvRow(['Start', 'Visitors', 'Views']),
      ...summary.series.map((point) => csvRow([point.start, point.visitors, point.views])),
    ].join('');
  else if (view === 'goals') body = goalsCsv(summary.goals);
  else if (view === 'funnel')
    body = [csvRow(['Stage', 'Visitors']), ...summary.funnel.map((step) => csvRow([step.stage, step.visitors]))].join('');
  else body = listCsv(view, summary[view]);
  return UTF8_BOM + body;
}
