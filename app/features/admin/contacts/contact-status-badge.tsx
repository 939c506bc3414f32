import { CONTACT_STATUS_LABELS, type ContactStatus } from '#common/contact-status.ts';
import { cn } from '#app/lib/cn.ts';

/** The status colours: new yellow, in_progress blue, anything else (completed) green. */
export function ContactStatusBadge({ status }: { status: string }) {
  const tone =
    status === 'new'
      ? 'bg-yellow-400/15 text-yellow-300 ring-yellow-400/40'
      : status === 'in_progress'
        ? 'bg-blue-400/15 text-blue-300 ring-blue-400/40'
        : 'bg-green-400/15 text-green-300 ring-green-400/40';
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', tone)}
    >
      {CONTACT_STATUS_LABELS[status as ContactStatus] ?? status}
    </span>
  );
}
