import { Eye, Loader2, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { INSIGHT_CSV_VIEWS, type InsightCsvView, type InsightTotals } from '#common/insights.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { revealDashboardTabs } from '#app/features/admin/dashboard/reveal-tabs.ts';
import { cn } from '#app/lib/cn.ts';
import { CountingSettings } from './counting-settings.tsx';
import { GoalsAndFunnel } from './goals-funnel.tsx';
import { sourceLabel, TopLists } from './top-lists.tsx';
import { INSIGHT_RANGES, RANGE_LABELS, rangeQuery, useInsights, type InsightRange } from './use-insights.ts';
import { VisitsChart } from './visits-chart.tsx';

/** "+12 %" / "−5 %" against the period before; nothing to compare with is said so. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'No change' : 'New this period';
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)} % on the period before`;
}

function Figure({ label, now, before, icon }: { label: string; now: number | undefined; before: number | undefined; icon: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-fg-muted">{label}</p>
        <p className="mt-1 text-2xl font-bold tabular-nums text-fg sm:text-3xl">{now === undefined ? '–' : now.toLocaleString('en-US')}</p>
        {now !== undefined && before !== undefined && <p className="mt-1 text-xs text-fg-subtle">{change(now, before)}</p>}
      </div>
      <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft text-accent max-sm:hidden">
        {icon}
      </span>
    </div>
  );
}

// Money, consultations and projects: their code loads with the area, not with the rest of /manage.
const BusinessCharts = lazy(() => import('./business-charts.tsx'));

const CSV_LABELS: Record<InsightCsvView, string> = {
  series: 'Visits over time',
  pages: 'Pages',
  landings: 'Landing pages',
  sources: 'Sources',
  referrers: 'Referring sites',
  campaigns: 'Campaigns',
  countries: 'Countries',
  devices: 'Devices',
  samples: 'Samples played',
  outbound: 'Clicks out',
  embeds: 'Embeds',
  goals: 'Goals',
  funnel: 'Funnel',
};

function CsvLinks({ query }: { query: { from: string; to: string; interval: string } }) {
  return (
    <section aria-labelledby="insights-csv" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h3 id="insights-csv" className="font-semibold text-fg">
        Download as CSV
      </h3>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {INSIGHT_CSV_VIEWS.map((view) => (
          <li key={view}>
            <a
              className={cn(
                'rounded text-accent underline-offset-2 hover:underline',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
              )}
              href={`/api/admin/insights.csv?view=${view}&from=${query.from}&to=${query.to}&interval=${query.interval}`}
              download
            >
              {CSV_LABELS[view]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const perVisitor = (totals: InsightTotals | undefined) =>
  totals && totals.visitors > 0 ? (totals.views / totals.visitors).toFixed(1) : totals ? '0' : '–';

/**
 * /manage/insights: who visits, from where, what they open and play, counted without cookies
 * (decision 106). Days are UTC days; a visitor counts once per day.
 */
export function InsightsArea({ sampleTitle }: { sampleTitle: (id: string) => string }) {
  const { range, setRange, summary, error, settings, saveSettings } = useInsights();
  const loaded = summary !== null;
  useEffect(() => {
    if (loaded) revealDashboardTabs();
  }, [loaded]);
  const query = rangeQuery(range);
  const { interval } = query;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <h2 className="sr-only">Insights</h2>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="insights-range" className="text-sm text-fg-muted">
          Period
        </label>
        <div className="w-48">
          <select
            id="insights-range"
            value={range}
            onChange={(event) => setRange(event.target.value as InsightRange)}
            className={cn(inputClasses, 'py-2.5 pr-8')}
          >
            {INSIGHT_RANGES.map((item) => (
              <option key={item} value={item}>
                {RANGE_LABELS[item]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 p-3 text-sm text-fg">
          The numbers could not be read: {error}
        </p>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3 sm:gap-4">
        <Figure label="Visitors" now={summary?.visitors} before={summary?.previous.visitors} icon={<Users className="size-5" />} />
        <Figure label="Page views" now={summary?.views} before={summary?.previous.views} icon={<Eye className="size-5" />} />
        <div className="rounded-xl border border-line bg-surface p-4 sm:p-5">
          <p className="text-sm font-medium text-fg-muted">Pages per visitor</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-fg sm:text-3xl">{perVisitor(summary ?? undefined)}</p>
          <p className="mt-1 text-xs text-fg-subtle">A visitor counts once a day</p>
        </div>
      </div>
      <section aria-label="Visitors over time" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
        {summary ? (
          <VisitsChart summary={summary} interval={interval} />
        ) : (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Reading the numbers…
          </p>
        )}
      </section>
      {summary && <GoalsAndFunnel summary={summary} sourceLabel={sourceLabel} />}
      {summary && <TopLists summary={summary} sampleTitle={sampleTitle} />}
      <h3 className="mt-2 text-lg font-semibold text-fg">The studio</h3>
      <Suspense
        fallback={
          <p className="flex items-center gap-2 rounded-xl border border-line bg-surface p-4 text-sm text-fg-muted">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Reading the studio’s figures…
          </p>
        }
      >
        <BusinessCharts query={query} />
      </Suspense>
      <CsvLinks query={query} />
      {settings && <CountingSettings settings={settings} save={saveSettings} />}
    </div>
  );
}
