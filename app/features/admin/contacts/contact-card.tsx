import { ChevronDown, FolderPlus, Mail, MailOpen, Phone, Reply } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, type ContactStatus } from '#common/contact-status.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { ContactStatusBadge } from './contact-status-badge.tsx';
import type { ContactSubmission } from './contact-types.ts';
import { DeleteContactDialog } from './delete-contact-dialog.tsx';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { replyMailto } from './reply-link.ts';
import { useStudioName } from './use-studio-name.ts';

const linkClasses =
  'inline-flex min-h-11 items-center gap-1.5 text-accent underline-offset-4 hover:underline sm:min-h-0 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

interface Props {
  submission: ContactSubmission;
  onStatus: (status: ContactStatus) => void;
  onDelete: () => Promise<boolean>;
  onRead: (read: boolean) => void;
  /** Opens the New project dialog prefilled from this message (linked to it). */
  onCreateProject?: () => void;
  /** Opened and brought into view once (a link from a booking named it). */
  focused?: boolean;
}

/** One submission: a summary that opens (and so marks read) to the full message and its actions. */
export function ContactCard({ submission, onStatus, onDelete, onRead, onCreateProject, focused = false }: Props) {
  const [open, setOpen] = useState(focused);
  const nameButton = useRef<HTMLButtonElement>(null);
  const studioName = useStudioName();
  const id = useId();
  const selectId = `${id}-status`;
  const unread = submission.readAt === null;
  const known = (CONTACT_STATUSES as readonly string[]).includes(submission.status);

  // Named by a link: open, read, in view and focused, so the owner lands on it.
  useEffect(() => {
    if (!focused) return;
    if (submission.readAt === null) onRead(true);
    nameButton.current?.scrollIntoView({ block: 'center' });
    nameButton.current?.focus({ preventScroll: true });
    // Only when it becomes the named one, not on every change of the message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focused]);

  const toggle = () => {
    setOpen(!open);
    if (!open && unread) onRead(true);
  };

  return (
    <article
      aria-labelledby={`${id}-name`}
      data-unread={unread || undefined}
      className={cn(
        'rounded-xl border bg-surface p-4 sm:p-5',
        unread ? 'border-accent/60 shadow-[inset_3px_0_0_var(--color-accent)]' : 'border-line',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            {unread ? (
              <span className="inline-flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-accent">
                <span aria-hidden className="size-2 rounded-full bg-accent" />
                Unread
              </span>
            ) : null}
            <h3 className="min-w-0 text-lg">
              <button
                type="button"
                ref={nameButton}
                id={`${id}-name`}
                aria-expanded={open}
                aria-controls={`${id}-body`}
                aria-label={unread ? `${submission.name}, unread message` : submission.name}
                onClick={toggle}
                className={cn(
                  'group inline-flex min-h-11 max-w-full items-center gap-2 rounded-md text-left text-fg sm:min-h-9',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                  unread ? 'font-bold' : 'font-semibold',
                )}
              >
                <span className="break-words">{submission.name}</span>
                <ChevronDown aria-hidden className={cn('size-4 shrink-0 text-fg-subtle transition-transform', open && 'rotate-180')} />
              </button>
            </h3>
            <ContactStatusBadge status={submission.status} />
          </div>
          <div className="flex flex-wrap gap-x-4 text-sm">
            <a href={`mailto:${submission.email}`} className={cn(linkClasses, 'min-w-0 break-all')}>
              <Mail aria-hidden className="size-4 shrink-0" />
              {submission.email}
            </a>
            {submission.phone ? (
              <a href={`tel:${submission.phone.replace(/[^\d+]/g, '')}`} className={linkClasses}>
                <Phone aria-hidden className="size-4 shrink-0" />
                {submission.phone}
              </a>
            ) : null}
          </div>
        </div>
        {/* First on a phone, so the name keeps the full width; to the right from sm up. */}
        <p className="order-first w-full text-sm text-fg-subtle sm:order-none sm:w-auto">
          <LocalDateTime iso={submission.createdAt} />
        </p>
      </div>
      {open ? null : <p className="mt-2 line-clamp-2 break-words text-sm text-fg-muted">{submission.message}</p>}
      <div id={`${id}-body`} hidden={!open}>
        {open ? (
          <>
            <p className="mt-3 whitespace-pre-line break-words text-sm leading-relaxed text-fg-muted">{submission.message}</p>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <a
                  href={replyMailto(submission, studioName)}
                  className={buttonClasses('primary', 'sm', 'max-sm:h-11')}
                  aria-label={`Reply to ${submission.name} by e-mail`}
                >
                  <Reply aria-hidden className="size-4" />
                  Reply
                </a>
                {onCreateProject ? (
                  <button
                    type="button"
                    onClick={onCreateProject}
                    className={buttonClasses('secondary', 'sm', 'max-sm:h-11')}
                    aria-label={`Create project for ${submission.name}`}
                  >
                    <FolderPlus aria-hidden className="size-4" />
                    Create project
                  </button>
                ) : null}
                <div className="flex items-center gap-2">
                  <label htmlFor={selectId} className="text-sm text-fg-muted">
                    Status
                  </label>
                  <select
                    id={selectId}
                    value={submission.status}
                    onChange={(event) => onStatus(event.target.value as ContactStatus)}
                    className={cn(inputClasses, 'w-auto py-1.5 pl-3 pr-8 text-sm max-sm:min-h-11')}
                  >
                    {known ? null : <option value={submission.status}>{submission.status}</option>}
                    {CONTACT_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {CONTACT_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <div className="flex items-center gap-1">
                <button
                  type="button"
                  onClick={() => {
                    onRead(false);
                    setOpen(false);
                  }}
                  className={buttonClasses('ghost', 'sm', 'max-sm:h-11')}
                >
                  <MailOpen aria-hidden className="size-4" />
                  Mark as unread
                </button>
                <DeleteContactDialog submission={submission} onDelete={onDelete} />
              </div>
            </div>
          </>
        ) : null}
      </div>
    </article>
  );
}
