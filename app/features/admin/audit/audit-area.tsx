import { Download, Loader2 } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { AUDIT_AREA_LABELS, AUDIT_AREAS } from '#common/audit.ts';
import { Button, buttonClasses } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { revealDashboardTabs } from '#app/features/admin/dashboard/reveal-tabs.ts';
import { cn } from '#app/lib/cn.ts';
import { AuditEntry } from './audit-entry.tsx';
import { auditQuery, NO_FILTERS, useAudit, type AuditFilters } from './use-audit.ts';

function Filter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid w-full min-w-0 gap-1 sm:w-56">
      <label htmlFor={id} className="text-sm font-medium text-fg-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * /manage/audit: who did what in the admin (decision 116), newest first, by person, area and day,
 * with the CSV of the same filters. The owner reads everyone's entries; everyone else their own.
 */
export function AuditArea() {
  const state = useAudit();
  const { filters } = state;
  const set = (change: Partial<AuditFilters>) => state.setFilters({ ...filters, ...change });
  const loaded = state.entries !== null;
  useEffect(() => {
    if (loaded) revealDashboardTabs();
  }, [loaded]);
  const filtered = filters.person !== '' || filters.area !== '' || filters.before !== '';

  return (
    <section aria-labelledby="audit-heading" className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h2 id="audit-heading" className="text-2xl font-bold text-fg">
          Audit log
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {state.everyone
            ? 'Every change made in this admin, and every sign-in, by whom, when and from which network. Kept for a year.'
            : 'What you changed in this admin, and your sign-ins, when and from which network. Kept for a year.'}
        </p>
      </div>
      <form aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        {state.everyone ? (
          <Filter label="Person">
            {(id) => (
              <select
                id={id}
                className={cn(inputClasses, 'h-12 py-0')}
                value={filters.person}
                onChange={(e) => set({ person: e.currentTarget.value })}
              >
                <option value="">Everyone</option>
                {state.people.map((person) => (
                  <option key={person.id} value={String(person.id)}>
                    {person.name}
                  </option>
                ))}
              </select>
            )}
          </Filter>
        ) : null}
        <Filter label="Area">
          {(id) => (
            <select
              id={id}
              className={cn(inputClasses, 'h-12 py-0')}
              value={filters.area}
              onChange={(e) => set({ area: e.currentTarget.value })}
            >
              <option value="">Every area</option>
              {AUDIT_AREAS.map((area) => (
                <option key={area} value={area}>
                  {AUDIT_AREA_LABELS[area]}
                </option>
              ))}
            </select>
          )}
        </Filter>
        <Filter label="On or before">
          {(id) => (
            <input
              id={id}
              type="date"
              className={cn(inputClasses, 'h-12 py-0')}
              value={filters.before}
              onChange={(e) => set({ before: e.currentTarget.value })}
            />
          )}
        </Filter>
        {filtered ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => state.setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
        <a href={`/api/admin/audit.csv${auditQuery(filters)}`} download className={cn(buttonClasses('secondary', 'sm'), 'sm:ml-auto')}>
          <Download aria-hidden className="size-4" />
          Download CSV
        </a>
      </form>
      {state.error ? (
        <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface/50 px-6 py-4 text-red-200">
          Unable to load the audit log. {state.error}
        </p>
      ) : null}
      {state.entries === null ? (
        state.error ? null : (
          <p role="status" className="flex items-center gap-2 text-fg-muted">
            <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" /> Loading the audit log...
          </p>
        )
      ) : state.entries.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface px-6 py-8 text-center text-fg-muted">
          {filtered ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'}
        </p>
      ) : (
        <>
          <ol aria-label="Audit entries, newest first" className="grid gap-3">
            {state.entries.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} />
            ))}
          </ol>
          {state.more ? (
            <Button variant="secondary" className="justify-self-center" disabled={state.loadingMore} onClick={() => void state.loadMore()}>
              {state.loadingMore ? 'Loading...' : 'Show older entries'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
