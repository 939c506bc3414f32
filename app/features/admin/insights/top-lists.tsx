import type { InsightRow, InsightSummary } from '#common/insights.ts';

const SOURCE_LABELS: Record<string, string> = {
  direct: 'Direct or unknown',
  search: 'Search engines',
  social: 'Social media',
  streaming: 'Streaming services',
  referral: 'Other sites',
  campaign: 'Campaigns',
};
/** A source group as the owner reads it. */
export const sourceLabel = (value: string) => SOURCE_LABELS[value] ?? value;

const DEVICE_LABELS: Record<string, string> = { desktop: 'Desktop', mobile: 'Phone', tablet: 'Tablet' };

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

interface ListSpec {
  key: keyof InsightSummary;
  title: string;
  /** What the value column is called ("Page", "Source"). */
  column: string;
  label?: (value: string) => string;
  /** The number shown: views of a page, plays of a sample, clicks out. */
  measure: string;
}

function TopList({ spec, rows }: { spec: ListSpec; rows: InsightRow[] }) {
  const most = Math.max(1, ...rows.map((row) => row.views));
  const headingId = `insights-${String(spec.key)}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h3 id={headingId} className="font-semibold text-fg">
        {spec.title}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-fg-subtle">Nothing counted in this period.</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-sm tabular-nums">
          <thead className="text-xs text-fg-muted">
            <tr>
              <th scope="col" className="pb-1 text-left font-medium">
                {spec.column}
              </th>
              <th scope="col" className="w-20 pb-1 text-right font-medium">
                {spec.measure}
              </th>
              <th scope="col" className="w-20 pb-1 text-right font-medium">
                Visitors
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 8).map((row) => (
              <tr key={row.value}>
                <th scope="row" className="relative py-1.5 pr-2 text-left font-normal">
                  <span
                    aria-hidden
                    className="absolute inset-y-0.5 left-0 rounded bg-accent-soft"
                    style={{ width: `${(row.views / most) * 100}%` }}
                  />
                  <span className="relative block truncate pl-2 text-fg" title={row.value}>
                    {spec.label ? spec.label(row.value) : row.value}
                  </span>
                </th>
                <td className="py-1.5 text-right text-fg">{row.views}</td>
                <td className="py-1.5 text-right text-fg-muted">{row.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Top pages, sources, campaigns, countries, devices, samples and clicks out, each as a small table with bars. */
export function TopLists({ summary, sampleTitle }: { summary: InsightSummary; sampleTitle: (id: string) => string }) {
  const lists: ListSpec[] = [
    { key: 'pages', title: 'Top pages', column: 'Page', measure: 'Views' },
    { key: 'landings', title: 'Landing pages', column: 'Page', measure: 'Entries' },
    { key: 'sources', title: 'Sources', column: 'Source', measure: 'Views', label: sourceLabel },
    { key: 'referrers', title: 'Referring sites', column: 'Site', measure: 'Views' },
    { key: 'campaigns', title: 'Campaigns', column: 'Campaign', measure: 'Views' },
    { key: 'countries', title: 'Countries', column: 'Country', measure: 'Views', label: countryName },
    { key: 'devices', title: 'Devices', column: 'Device', measure: 'Views', label: (value) => DEVICE_LABELS[value] ?? value },
    { key: 'samples', title: 'Samples played', column: 'Sample', measure: 'Plays', label: sampleTitle },
    { key: 'outbound', title: 'Clicks out', column: 'Site', measure: 'Clicks' },
    { key: 'embeds', title: 'Embedded players started', column: 'Provider', measure: 'Plays' },
  ];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2 xl:grid-cols-3">
      {lists.map((spec) => (
        <TopList key={spec.key} spec={spec} rows={summary[spec.key] as InsightRow[]} />
      ))}
    </div>
  );
}
