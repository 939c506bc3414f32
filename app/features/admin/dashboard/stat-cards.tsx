import { Inbox, MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { PENDING_CONTACT_STATUS } from '#common/contact-status.ts';
import type { ContactSubmission } from './contacts/contact-types';

function StatCard({ label, value, icon }: { label: string; value: number | null; icon: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <div>
        <p className="text-sm font-medium text-fg-muted">{label}</p>
        <p className="mt-1 text-3xl font-bold tabular-nums text-fg" aria-live="polite">
          {value ?? '–'}
        </p>
      </div>
      <span aria-hidden className="grid size-11 place-items-center rounded-full bg-accent-soft text-accent">
        {icon}
      </span>
    </div>
  );
}

/** Total Contacts and Pending Contacts (status new), from the same list the tab shows. */
export function StatCards({ submissions }: { submissions: ContactSubmission[] | null }) {
  const pending = submissions ? submissions.filter((item) => item.status === PENDING_CONTACT_STATUS).length : null;
  return (
    <div className="grid grid-cols-[repeat(2,minmax(0,1fr))] gap-3 sm:gap-4">
      <StatCard label="Total Contacts" value={submissions ? submissions.length : null} icon={<Inbox className="size-5" />} />
      <StatCard label="Pending Contacts" value={pending} icon={<MailWarning className="size-5" />} />
    </div>
  );
}
