import { Download, Loader2, Search } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useMemo, useState } from 'react';
import { CONTACT_FILTER_ALL, matchesContactFilter, type ContactStatusFilter } from '#common/contact-inbox.ts';
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from '#common/contact-status.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { EmptyNote } from '#app/features/admin/dashboard/empty-note.tsx';
import { tabListClasses, tabTriggerClasses } from '#app/features/admin/dashboard/tab-styles.ts';
import { AcknowledgementSettingsPanel } from './acknowledgement-settings.tsx';
import { ContactCard } from './contact-card.tsx';
import type { ContactSubmission } from './contact-types.ts';
import { SpamFolder } from './spam-folder.tsx';
import type { ContactSubmissionsState } from './use-contact-submissions.ts';
import { useSpamFolder } from './use-spam-folder.ts';

/** The CSV of what the filters show (the server applies the same filter), or of everything. */
function exportHref(status: ContactStatusFilter, query: string): string {
  const params = new URLSearchParams();
  if (status !== CONTACT_FILTER_ALL) params.set('status', status);
  if (query.trim()) params.set('q', query.trim());
  const search = params.toString();
  return `/api/contact-submissions/export${search ? `?${search}` : ''}`;
}

interface Props {
  state: ContactSubmissionsState;
  /** Opens the New project dialog prefilled from a message. */
  onCreateProject?: (submission: ContactSubmission) => void;
  /** An enquiry to open and bring into view (a booking links to it: /manage?tab=contacts&enquiry=ID). */
  openEnquiry?: number | null;
}

/** Contact Submissions: the Inbox and the Spam folder (docs/decisions/089-kept-spam.md). */
export function ContactSubmissionsTab({ state, onCreateProject, openEnquiry }: Props) {
  return (
    <Tabs.Root defaultValue="inbox" className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <Tabs.List aria-label="Contact folders" className={cn(tabListClasses, 'grid grid-cols-2 sm:inline-flex')}>
        <Tabs.Trigger value="inbox" className={tabTriggerClasses}>
          Inbox
        </Tabs.Trigger>
        <Tabs.Trigger value="spam" className={tabTriggerClasses}>
          Spam
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="inbox" className="focus-visible:outline-none">
        <InboxView state={state} onCreateProject={onCreateProject} openEnquiry={openEnquiry} />
      </Tabs.Content>
      {/* Mounted only while open: each visit reads the folder afresh. */}
      <Tabs.Content value="spam" className="focus-visible:outline-none">
        <SpamView onMoved={state.adopt} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function SpamView({ onMoved }: { onMoved: ContactSubmissionsState['adopt'] }) {
  return <SpamFolder folder={useSpamFolder(onMoved)} />;
}

/** The inbox: settings, spinner, empty state, filters, export and one card per message (newest first). */
function InboxView({ state, onCreateProject, openEnquiry }: Props) {
  const [filter, setFilter] = useState<ContactStatusFilter>(CONTACT_FILTER_ALL);
  const [query, setQuery] = useState('');
  const visible = useMemo(
    () => state.submissions?.filter((item) => matchesContactFilter(item, filter, query)) ?? [],
    [state.submissions, filter, query],
  );
  const unread = state.submissions?.filter((item) => item.readAt === null).length ?? 0;
  const filtered = filter !== CONTACT_FILTER_ALL || query.trim() !== '';

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

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <AcknowledgementSettingsPanel />
      {state.submissions.length === 0 ? (
        <EmptyNote>No contact submissions yet</EmptyNote>
      ) : (
        <>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-[1fr_auto_auto]">
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
            <div className="flex flex-wrap items-center gap-3">
              <label htmlFor="contact-filter" className="text-sm text-fg-muted">
                Show
              </label>
              <select
                id="contact-filter"
                value={filter}
                onChange={(event) => setFilter(event.target.value as ContactStatusFilter)}
                className={cn(inputClasses, 'w-auto flex-1 py-2.5 pr-8')}
              >
                <option value={CONTACT_FILTER_ALL}>All statuses</option>
                {CONTACT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {CONTACT_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <a href={exportHref(filter, query)} download className={buttonClasses('secondary', 'md')}>
              <Download aria-hidden className="size-4" />
              {filtered ? 'Export shown as CSV' : 'Export all as CSV'}
            </a>
          </div>
          <p aria-live="polite" className="text-sm text-fg-subtle">
            Showing {visible.length} of {state.submissions.length}
            {unread > 0 ? ` · ${unread} unread` : ''}
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
                    onRead={(read) => void state.setRead(submission, read)}
                    onCreateProject={onCreateProject ? () => onCreateProject(submission) : undefined}
                    focused={submission.id === openEnquiry}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
