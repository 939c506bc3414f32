import { AUDIT_AREA_LABELS, type AuditArea, type AuditEntryView } from '#common/audit.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';

const areaLabel = (area: string) => AUDIT_AREA_LABELS[area as AuditArea] ?? area;

/** One entry: what was done, by whom, when and from where, and what a setting or amount was before and after. */
export function AuditEntry({ entry }: { entry: AuditEntryView }) {
  return (
    <li className="grid gap-2 rounded-xl border border-line bg-surface p-4 md:grid-cols-[11rem_minmax(0,1fr)] md:gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted md:flex-col md:items-start">
        <LocalDateTime iso={entry.at} />
        <span className="rounded-full border border-line-strong px-2 py-0.5 text-xs font-medium text-fg">{areaLabel(entry.area)}</span>
      </div>
      <div className="min-w-0">
        <p className="font-semibold break-words text-fg">{entry.action}</p>
        <p className="mt-1 text-sm break-words text-fg-muted">
          {entry.person} <span aria-hidden>·</span> <span className="sr-only">from the address </span>
          <span className="font-mono text-xs">{entry.ip}</span>
        </p>
        {entry.changes.length > 0 ? (
          <dl className="mt-3 grid gap-1 rounded-lg border border-line bg-ink/40 p-3 text-sm">
            {entry.changes.map((change) => (
              <div key={change.field} className="grid gap-x-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
                <dt className="font-mono text-xs break-all text-fg-muted sm:text-sm">{change.field}</dt>
                <dd className="break-words text-fg">
                  {change.before === null && change.after === null ? null : (
                    <>
                      <span className="sr-only">from </span>
                      <span className="text-fg-muted line-through decoration-fg-subtle">{change.before ?? '(none)'}</span>
                      <span aria-hidden> → </span>
                      <span className="sr-only"> to </span>
                      <span>{change.after ?? '(none)'}</span>
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}
