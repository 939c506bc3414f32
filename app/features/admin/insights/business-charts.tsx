import { Loader2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { formatMoney } from '#common/billing/money.ts';
import type { BusinessFigures, InsightQuery } from '#common/insights.ts';
import { PROJECT_STATUS_LABELS } from '#common/project-lifecycle.ts';
import { api } from '#app/lib/api.ts';
import { Axis, Key, NumbersTable, StepLabels } from './chart-parts.tsx';
import { niceMax, pointLabel } from './visits-chart.tsx';

/*
 * The studio's side of the dashboard (issue 45): money over time, consultations per week, projects by
 * status. Loaded only when the Insights area opens (React.lazy in insights-area.tsx), so the rest of
 * /manage does not carry it. Each chart is SVG with a description, and the same numbers as a table.
 */

const WIDTH = 1000;
const HEIGHT = 240;

const MONEY_LINES = [
  { key: 'invoicedCents', label: 'Invoiced', stroke: 'stroke-accent', swatch: 'bg-accent' },
  { key: 'paidCents', label: 'Paid', stroke: 'stroke-emerald-400', swatch: 'bg-emerald-400' },
  { key: 'outstandingCents', label: 'Outstanding', stroke: 'stroke-sky-400', swatch: 'bg-sky-400' },
] as const;

function MoneyChart({ figures, interval }: { figures: BusinessFigures; interval: InsightQuery['interval'] }) {
  const points = figures.money;
  const money = (cents: number) => formatMoney(Math.round(cents), figures.currency);
  const top = niceMax(Math.max(100, ...points.flatMap((point) => MONEY_LINES.map((line) => point[line.key]))) / 100) * 100;
  const step = WIDTH / Math.max(points.length, 1);
  const x = (index: number) => step * index + step / 2;
  const y = (cents: number) => HEIGHT - (cents / top) * (HEIGHT - 8);
  const sum = (key: 'invoicedCents' | 'paidCents') => points.reduce((total, point) => total + point[key], 0);
  const last = points.at(-1);
  const description =
    `${money(sum('invoicedCents'))} invoiced and ${money(sum('paidCents'))} paid in this period; ` +
    `${money(last?.outstandingCents ?? 0)} outstanding at its end.`;
  return (
    <figure className="grid gap-3">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <Axis top={top} format={(cents) => money(cents).replace(/\.00$/, '')} />
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby="money-chart-title money-chart-desc"
          className="h-40 w-full overflow-visible border-b border-l border-line sm:h-48"
        >
          <title id="money-chart-title">Money over time</title>
          <desc id="money-chart-desc">{description}</desc>
          {MONEY_LINES.map((line) => (
            <path
              key={line.key}
              d={points
                .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point[line.key]).toFixed(1)}`)
                .join(' ')}
              fill="none"
              strokeWidth={2.5}
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
              className={line.stroke}
            />
          ))}
        </svg>
        <span />
        <StepLabels starts={points.map((point) => point.start)} interval={interval} />
      </div>
      <Key items={MONEY_LINES.map(({ label, swatch }) => ({ label, swatch }))} />
      <NumbersTable
        head={[interval === 'month' ? 'Month' : interval === 'week' ? 'Week' : 'Day', 'Invoiced', 'Paid', 'Outstanding']}
        rows={points.map((point) => ({
          key: point.start,
          cells: [pointLabel(point.start, interval), money(point.invoicedCents), money(point.paidCents), money(point.outstandingCents)],
        }))}
      />
    </figure>
  );
}

const BOOKING_PARTS = [
  { key: 'confirmed', label: 'Held or booked', fill: 'fill-accent', swatch: 'bg-accent' },
  { key: 'noShows', label: 'No-shows', fill: 'fill-rose-400', swatch: 'bg-rose-400' },
  { key: 'cancelled', label: 'Cancelled', fill: 'fill-fg-subtle/40', swatch: 'bg-fg-subtle/40' },
] as const;

function BookingsChart({ figures }: { figures: BusinessFigures }) {
  const weeks = figures.bookings;
  const total = (week: BusinessFigures['bookings'][number]) => week.confirmed + week.noShows + week.cancelled;
  const top = niceMax(Math.max(1, ...weeks.map(total)));
  const step = WIDTH / Math.max(weeks.length, 1);
  const y = (count: number) => (count / top) * (HEIGHT - 8);
  const rate = figures.noShowRate === null ? 'no consultation has taken place yet' : `${Math.round(figures.noShowRate * 100)} % no-shows`;
  const description = `${weeks.reduce((sum, week) => sum + total(week), 0)} consultations over ${weeks.length} weeks; ${rate}.`;
  return (
    <figure className="grid gap-3">
      <p className="text-sm text-fg-muted">
        {figures.noShowRate === null ? (
          'No consultation of this period has taken place yet.'
        ) : (
          <>
            No-shows: <span className="font-semibold text-fg">{Math.round(figures.noShowRate * 100)} %</span> of the consultations that have
            taken place
          </>
        )}
      </p>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <Axis top={top} format={String} />
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby="bookings-chart-title bookings-chart-desc"
          className="h-40 w-full overflow-visible border-b border-l border-line sm:h-48"
        >
          <title id="bookings-chart-title">Consultations per week</title>
          <desc id="bookings-chart-desc">{description}</desc>
          {weeks.map((week, index) => {
            let base = HEIGHT;
            return BOOKING_PARTS.map((part) => {
              const height = y(week[part.key]);
              base -= height;
              return (
                <rect
                  key={`${week.start}-${part.key}`}
                  x={step * index + step * 0.2}
                  width={step * 0.6}
                  y={base}
                  height={height}
                  className={part.fill}
                />
              );
            });
          })}
        </svg>
        <span />
        <StepLabels starts={weeks.map((week) => week.start)} interval="week" />
      </div>
      <Key items={BOOKING_PARTS.map(({ label, swatch }) => ({ label, swatch }))} />
      <NumbersTable
        head={['Week', ...BOOKING_PARTS.map((part) => part.label)]}
        rows={weeks.map((week) => ({
          key: week.start,
          cells: [pointLabel(week.start, 'week'), week.confirmed, week.noShows, week.cancelled],
        }))}
      />
    </figure>
  );
}

function ProjectsByStatus({ figures }: { figures: BusinessFigures }) {
  const most = Math.max(1, ...figures.projects.map((row) => row.count));
  if (figures.projects.length === 0) return <p className="text-sm text-fg-subtle">No projects yet.</p>;
  return (
    <table className="w-full table-fixed text-sm tabular-nums">
      <thead className="text-xs text-fg-muted">
        <tr>
          <th scope="col" className="pb-1 text-left font-medium">
            Status
          </th>
          <th scope="col" className="w-20 pb-1 text-right font-medium">
            Projects
          </th>
        </tr>
      </thead>
      <tbody>
        {figures.projects.map((row) => (
          <tr key={row.status}>
            <th scope="row" className="relative py-1.5 pr-2 text-left font-normal">
              <span
                aria-hidden
                className="absolute inset-y-0.5 left-0 rounded bg-accent-soft"
                style={{ width: `${(row.count / most) * 100}%` }}
              />
              <span className="relative block truncate pl-2 text-fg">{PROJECT_STATUS_LABELS[row.status]}</span>
            </th>
            <td className="py-1.5 text-right text-fg">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Panel({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-xl border border-line bg-surface p-4 sm:p-5 ${className}`}>
      <h3 id={id} className="mb-3 font-semibold text-fg">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The business charts for the dashboard's range; the newest answer wins when the range changes. */
export default function BusinessCharts({ query }: { query: InsightQuery }) {
  const [figures, setFigures] = useState<BusinessFigures | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = `from=${query.from}&to=${query.to}&interval=${query.interval}`;
  useEffect(() => {
    let current = true;
    void api<BusinessFigures>('GET', `/api/admin/insights/business?${asked}`).then((result) => {
      if (!current) return;
      if (result.ok) {
        setFigures(result.data);
        setError(null);
      } else setError(result.serverMessage ?? result.message);
    });
    return () => {
      current = false;
    };
  }, [asked]);
  if (error)
    return (
      <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 p-3 text-sm text-fg">
        The studio’s figures could not be read: {error}
      </p>
    );
  if (!figures) return <Loading />;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
      <Panel id="insights-money" title={`Money (${figures.currency})`} className="lg:col-span-2">
        <MoneyChart figures={figures} interval={query.interval} />
      </Panel>
      <Panel id="insights-bookings" title="Consultations per week">
        <BookingsChart figures={figures} />
      </Panel>
      <Panel id="insights-projects" title="Projects by status">
        <ProjectsByStatus figures={figures} />
      </Panel>
    </div>
  );
}

function Loading() {
  return (
    <p className="flex items-center gap-2 rounded-xl border border-line bg-surface p-4 text-sm text-fg-muted">
      <Loader2 aria-hidden className="size-4 animate-spin" /> Reading the studio’s figures…
    </p>
  );
}
