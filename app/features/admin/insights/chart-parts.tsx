import type { ReactNode } from 'react';
import type { InsightQuery } from '#common/insights.ts';
import { pointLabel } from './visits-chart.tsx';

// The pieces the studio’s charts share: the table of the same numbers, the key, the axis, the step labels.

export function NumbersTable({ head, rows }: { head: string[]; rows: Array<{ key: string; cells: ReactNode[] }> }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded text-fg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent">
        Show the numbers as a table
      </summary>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full text-left tabular-nums">
          <thead className="text-fg-muted">
            <tr>
              {head.map((cell, index) => (
                <th key={cell} scope="col" className={index === 0 ? 'py-1 font-medium' : 'py-1 pl-3 text-right font-medium'}>
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-line">
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="py-1 font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="py-1 pl-3 text-right">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function Key({ items }: { items: Array<{ label: string; swatch: string }> }) {
  return (
    <figcaption className="flex flex-wrap gap-4 text-xs text-fg-muted">
      {items.map((item) => (
        <span key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden className={`inline-block size-3 rounded-sm ${item.swatch}`} /> {item.label}
        </span>
      ))}
    </figcaption>
  );
}

export function Axis({ top, format }: { top: number; format: (value: number) => string }) {
  return (
    <div aria-hidden className="flex h-40 flex-col justify-between text-right text-xs tabular-nums text-fg-subtle sm:h-48">
      <span>{format(top)}</span>
      <span>{format(top / 2)}</span>
      <span>{format(0)}</span>
    </div>
  );
}

export function StepLabels({ starts, interval }: { starts: string[]; interval: InsightQuery['interval'] }) {
  const shown = starts.length <= 1 ? [0] : [0, Math.floor((starts.length - 1) / 2), starts.length - 1];
  return (
    <div aria-hidden className="mt-1 flex justify-between gap-2 text-xs text-fg-subtle">
      {shown.map((index) => (starts[index] ? <span key={index}>{pointLabel(starts[index], interval)}</span> : null))}
    </div>
  );
}
