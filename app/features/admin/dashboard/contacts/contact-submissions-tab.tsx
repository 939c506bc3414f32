import { Loader2, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from '#common/contact-status.ts';
import { cn } from '#app/lib/cn.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { EmptyNote } from '#app/features/admin/dashboard/empty-note.tsx';
import { ContactCard } from './contact-card';
import type { ContactSubmission } from './contact-types';
import type { ContactSubmissionsState } from './use-contact-submissions';

type Filter = 'all' | (typeof CONTACT_STATUSES)[number];

function matches(submission: ContactSubmission, filter: Filter, query: string) {
  if (filter !== 'all' && submission.status !== filter) return false;
  if (!query) return true;
  const haystack = `${submission.name}\n${submission.email}\n${submission.phone ?? ''}\n${submission.message}`.toLowerCase();
  return haystack.includes(query);
}

/** Contact Submissions: spinner, empty state, filters and one card per message (newest first). */
export function ContactSubmissionsTab({ state }: { state: ContactSubmissionsState }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const visible = useMemo(
    () => state.submissions?.filter((item) => matches(item, filter, needle)) ?? [],
    [state.submissions, filter, needle],
  );

  if (state.error) {
    return (
      <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface/50 px-6 py-8 text-center text-red-200">
        Unable to load contact submissions. {state.error}
      </p>
    );
  }
  if (!state.submissions) {
    return (
      <div role="status" className="flex justify-center py-16">
        <Loader2 aria-hidden className="size-8 animate-spin text-accent motion-reduce:animate-none" />
        <span className="sr-only">Loading contact submissions...</span>
      </div>
    );
  }
  if (state.submissions.length === 0) return <EmptyNote>No contact submissions yet</EmptyNote>;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-[1fr_auto]">
        <div className="relative">
          <label htmlFor="contact-search" className="sr-only">
            Search by name, e-mail or message
          </label>
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle" />
          <input
            id="contact-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search name, e-mail or message"
            className={cn(inputClasses, 'py-2.5 pl-9')}
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="contact-filter" className="text-sm text-fg-muted">
            Show
          </label>
          <select
            id="contact-filter"
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
            className={cn(inputClasses, 'py-2.5 pr-8')}
          >
            <option value="all">All statuses</option>
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CONTACT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-fg-subtle">
        Showing {visible.length} of {state.submissions.length}
      </p>
      {visible.length === 0 ? (
        <EmptyNote>No submissions match your filters</EmptyNote>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {visible.map((submission) => (
            <li key={submission.id}>
              <ContactCard
                submission={submission}
                onStatus={(status) => void state.setStatus(submission, status)}
                onDelete={() => state.remove(submission)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
