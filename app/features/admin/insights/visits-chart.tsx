import type { InsightQuery, InsightSummary } from '#common/insights.ts';

// The drawing's own units: the SVG stretches to its box (the labels are HTML beside it, so they keep their size).
const WIDTH = 1000;
const HEIGHT = 300;

/** "Nov 30", "Week of Nov 30" or "Nov 2026": a series point's start, in UTC as the days are counted. */
export function pointLabel(start: string, interval: InsightQuery['interval']): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (interval === 'month') return date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return interval === 'week' ? `Week of ${day}` : day;
}

/** A round top for the scale (1, 2, 5 × 10ⁿ), so the grid lines fall on numbers people read. */
export function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power) as number;
}

/**
 * Visitors (the line) and page views (the bars) over the range, drawn as SVG: no chart library, a
 * few hundred bytes of markup. Screen readers get the summary as the image's description and the
 * same numbers as a table below.
 */
export function VisitsChart({ summary, interval }: { summary: InsightSummary; interval: InsightQuery['interval'] }) {
  const points = summary.series;
  const top = niceMax(Math.max(1, ...points.map((point) => point.views)));
  const step = WIDTH / Math.max(points.length, 1);
  const x = (index: number) => step * index + step / 2;
  const y = (value: number) => HEIGHT - (value / top) * (HEIGHT - 8);
  const line = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point.visitors).toFixed(1)}`).join(' ');
  const area = points.length > 0 ? `${line} L${x(points.length - 1).toFixed(1)},${HEIGHT} L${x(0).toFixed(1)},${HEIGHT} Z` : '';
  const labelled = points.length <= 1 ? [0] : [0, Math.floor((points.length - 1) / 2), points.length - 1];
  const busiest = points.reduce(
    (best, point) => (point.visitors > best.visitors ? point : best),
    points[0] ?? { start: '', visitors: 0, views: 0 },
  );
  const description =
    `${summary.visitors} visitors and ${summary.views} page views in all. ` +
    (busiest.visitors > 0 ? `Most visitors: ${busiest.visitors}, ${pointLabel(busiest.start, interval)}.` : 'No visits counted yet.');

  return (
    <figure className="grid gap-3">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div aria-hidden className="flex h-48 flex-col justify-between text-right text-xs tabular-nums text-fg-subtle sm:h-56">
          <span>{top}</span>
          <span>{top / 2}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby="visits-chart-title visits-chart-desc"
          className="h-48 w-full overflow-visible border-b border-l border-line sm:h-56"
        >
          <title id="visits-chart-title">Visitors and page views</title>
          <desc id="visits-chart-desc">{description}</desc>
          <line
            x1={0}
            x2={WIDTH}
            y1={y(top / 2)}
            y2={y(top / 2)}
            className="stroke-line"
            strokeDasharray="4 6"
            vectorEffect="non-scaling-stroke"
          />
          <line x1={0} x2={WIDTH} y1={y(top)} y2={y(top)} className="stroke-line" strokeDasharray="4 6" vectorEffect="non-scaling-stroke" />
          {points.map((point, index) => (
            <rect
              key={point.start}
              x={x(index) - step * 0.3}
              width={step * 0.6}
              y={y(point.views)}
              height={HEIGHT - y(point.views)}
              className="fill-fg-subtle/25"
            />
          ))}
          <path d={area} className="fill-accent/15" />
          <path
            d={line}
            fill="none"
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
            className="stroke-accent"
          />
        </svg>
        <span />
        <div aria-hidden className="mt-1 flex justify-between gap-2 text-xs text-fg-subtle">
          {labelled.map((index) => (points[index] ? <span key={index}>{pointLabel(points[index].start, interval)}</span> : null))}
        </div>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-xs text-fg-muted">
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-0.5 w-4 rounded bg-accent" /> Visitors
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-fg-subtle/25" /> Page views
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer rounded text-fg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent">
          Show the numbers as a table
        </summary>
        <table className="mt-2 w-full text-left tabular-nums">
          <thead className="text-fg-muted">
            <tr>
              <th scope="col" className="py-1 font-medium">
                {interval === 'month' ? 'Month' : interval === 'week' ? 'Week' : 'Day'}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Visitors
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Page views
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.start} className="border-t border-line">
                <th scope="row" className="py-1 font-normal">
                  {pointLabel(point.start, interval)}
                </th>
                <td className="py-1 text-right">{point.visitors}</td>
                <td className="py-1 text-right">{point.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
