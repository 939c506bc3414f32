import { Mail, Phone } from 'lucide-react';
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, type ContactStatus } from '#common/contact-status.ts';
import { cn } from '#app/lib/cn.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { ContactStatusBadge } from './contact-status-badge';
import type { ContactSubmission } from './contact-types';
import { DeleteContactDialog } from './delete-contact-dialog';

const linkClasses =
  'text-accent underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/** The date in the viewer's locale: rendered after hydration, as the server does not know the locale. */
function LocaleDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? new Date(iso).toLocaleDateString() : iso.slice(0, 10)}</time>;
}

interface Props {
  submission: ContactSubmission;
  onStatus: (status: ContactStatus) => void;
  onDelete: () => Promise<boolean>;
}

export function ContactCard({ submission, onStatus, onDelete }: Props) {
  const selectId = `contact-${submission.id}-status`;
  const known = (CONTACT_STATUSES as readonly string[]).includes(submission.status);
  return (
    <article aria-labelledby={`contact-${submission.id}-name`} className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`contact-${submission.id}-name`} className="break-words text-lg font-semibold text-fg">
              {submission.name}
            </h3>
            <ContactStatusBadge status={submission.status} />
          </div>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href={`mailto:${submission.email}`} className={cn('inline-flex min-w-0 items-center gap-1.5 break-all', linkClasses)}>
              <Mail aria-hidden className="size-4 shrink-0" />
              {submission.email}
            </a>
            {submission.phone ? (
              <a href={`tel:${submission.phone.replace(/[^\d+]/g, '')}`} className={cn('inline-flex items-center gap-1.5', linkClasses)}>
                <Phone aria-hidden className="size-4 shrink-0" />
                {submission.phone}
              </a>
            ) : null}
          </div>
        </div>
        <p className="text-sm text-fg-subtle">
          <LocaleDate iso={submission.createdAt} />
        </p>
      </div>
      <p className="mt-3 whitespace-pre-line break-words text-sm leading-relaxed text-fg-muted">{submission.message}</p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-fg-muted">
            Status
          </label>
          <select
            id={selectId}
            value={submission.status}
            onChange={(event) => onStatus(event.target.value as ContactStatus)}
            className={cn(inputClasses, 'w-auto py-1.5 pl-3 pr-8 text-sm')}
          >
            {known ? null : <option value={submission.status}>{submission.status}</option>}
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CONTACT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <DeleteContactDialog submission={submission} onDelete={onDelete} />
      </div>
    </article>
  );
}
