import { FileSignature, FolderPlus, Inbox, Mail, MapPin, Phone, UserX, Undo2, Video } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminBooking } from '#common/booking/admin.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { hasStarted, sameClock, spanIn, visitorStart } from './booking-time.ts';
import { setNoShow } from './booking-actions.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { OwnerNotes } from './owner-notes.tsx';
import { BookingStatusBadge } from './booking-status-badge.tsx';
import { BookingAssignee } from './booking-assignee.tsx';

const linkClasses =
  'inline-flex min-h-11 items-center gap-1.5 text-accent underline-offset-4 hover:underline sm:min-h-0 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/** How the consultation happens: the number to call, the meeting room, or the studio's address. */
function Place({ booking }: { booking: AdminBooking }) {
  if (booking.meeting === 'phone')
    return (
      <a href={`tel:${booking.place.replace(/[^\d+]/g, '')}`} className={linkClasses}>
        <Phone aria-hidden className="size-4 shrink-0" />
        Phone call · {booking.place}
      </a>
    );
  if (booking.meeting === 'video')
    return (
      <a href={booking.place} target="_blank" rel="noreferrer" className={cn(linkClasses, 'break-all')}>
        <Video aria-hidden className="size-4 shrink-0" />
        Video call · {booking.place}
      </a>
    );
  return (
    <span className="inline-flex items-center gap-1.5 text-fg-muted">
      <MapPin aria-hidden className="size-4 shrink-0" />
      At the studio · {booking.place}
    </span>
  );
}

interface Props {
  booking: AdminBooking;
  studioZone: string;
  now: number;
  onChanged: (booking: AdminBooking) => void;
  onCreateProject: (booking: AdminBooking) => void;
  headingLevel?: 'h3' | 'h4';
}

/** One booking with everything the visitor told, the owner's notes and what the owner can do. */
export function BookingCard({ booking, studioZone, now, onChanged, onCreateProject, headingLevel = 'h3' }: Props) {
  const Heading = headingLevel;
  const started = hasStarted(booking.start, now);
  const confirmed = booking.status === 'confirmed';
  const toggleNoShow = async (noShow: boolean) => {
    const updated = await setNoShow(booking, noShow);
    if (updated) onChanged(updated);
  };

  return (
    <article
      aria-label={`${booking.name}, ${booking.typeName}`}
      className={cn('grid gap-3 rounded-xl border bg-surface p-4 sm:p-5', confirmed && !started ? 'border-line-strong' : 'border-line')}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="break-words text-lg font-semibold text-fg">{booking.name}</Heading>
            <BookingStatusBadge status={booking.status} />
          </div>
          <p className="text-sm text-fg-muted">{booking.typeName}</p>
        </div>
        <div className="text-sm sm:text-right">
          <p className="font-semibold text-fg">
            <time dateTime={booking.start}>{spanIn(booking.start, booking.end, studioZone)}</time>
          </p>
          {sameClock(booking.start, booking.visitorZone, studioZone) ? null : (
            <p className="text-fg-subtle">Their time: {visitorStart(booking.start, booking.visitorZone)}</p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <Place booking={booking} />
        <a href={`mailto:${booking.email}`} className={cn(linkClasses, 'min-w-0 break-all')}>
          <Mail aria-hidden className="size-4 shrink-0" />
          {booking.email}
        </a>
        {booking.phone && booking.meeting !== 'phone' ? (
          <a href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`} className={linkClasses}>
            <Phone aria-hidden className="size-4 shrink-0" />
            {booking.phone}
          </a>
        ) : null}
      </div>
      {booking.note ? (
        <blockquote className="whitespace-pre-line break-words border-l-2 border-accent/60 pl-3 text-sm leading-relaxed text-fg-muted">
          {booking.note}
        </blockquote>
      ) : (
        <p className="text-sm text-fg-subtle">No note about the project.</p>
      )}
      {booking.status === 'cancelled' ? (
        <p className="rounded-lg bg-surface-raised px-3 py-2 text-sm text-fg-muted">
          Cancelled by {booking.cancelledBy === 'studio' ? 'the studio' : 'the visitor'}
          {booking.cancelMessage ? `: “${booking.cancelMessage}”` : '.'}
        </p>
      ) : null}
      <BookingAssignee booking={booking} onChanged={onChanged} />
      <OwnerNotes key={booking.ownerNotes ?? ''} booking={booking} onSaved={onChanged} />
      <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3">
        <button
          type="button"
          onClick={() => onCreateProject(booking)}
          className={buttonClasses('secondary', 'sm')}
          aria-label={`Create project for ${booking.name}`}
        >
          <FolderPlus aria-hidden className="size-4" />
          Create project
        </button>
        <Link to={`/manage/proposals/new?booking=${booking.id}`} className={buttonClasses('secondary', 'sm')}>
          <FileSignature aria-hidden className="size-4" />
          Make a proposal
        </Link>
        {booking.enquiryId !== null ? (
          <Link to={`/manage?tab=contacts&enquiry=${booking.enquiryId}`} className={buttonClasses('ghost', 'sm')}>
            <Inbox aria-hidden className="size-4" />
            Open their enquiry
          </Link>
        ) : null}
        {confirmed && started ? (
          <button type="button" onClick={() => void toggleNoShow(true)} className={buttonClasses('ghost', 'sm')}>
            <UserX aria-hidden className="size-4" />
            Mark as no-show
          </button>
        ) : null}
        {booking.status === 'no_show' ? (
          <button type="button" onClick={() => void toggleNoShow(false)} className={buttonClasses('ghost', 'sm')}>
            <Undo2 aria-hidden className="size-4" />
            Not a no-show
          </button>
        ) : null}
        {confirmed && !started ? <CancelBookingDialog booking={booking} onCancelled={onChanged} /> : null}
      </div>
    </article>
  );
}
