import { useId, useState } from 'react';
import { CalendarX } from 'lucide-react';
import type { AdminBooking } from '#common/booking/admin.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { cancelBooking } from './booking-actions.ts';

const MESSAGE_LIMIT = 1000;

/** Cancel by the studio: a few words to the visitor, sent with the cancellation e-mail. */
export function CancelBookingDialog({ booking, onCancelled }: { booking: AdminBooking; onCancelled: (booking: AdminBooking) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const change = (next: boolean) => {
    setOpen(next);
    if (next) {
      setMessage('');
      setError(undefined);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => change(true)}
        className={buttonClasses('ghost', 'sm', 'text-red-300 hover:text-red-200')}
        aria-label={`Cancel the consultation with ${booking.name}`}
      >
        <CalendarX aria-hidden className="size-4" />
        Cancel
      </button>
      <FormDialog
        open={open}
        onOpenChange={change}
        title="Cancel this consultation?"
        description={`${booking.name} gets an e-mail saying the studio cancelled it, with your message and a link to book again.`}
        pending={pending}
        submitLabel="Cancel consultation"
        pendingLabel="Cancelling..."
        onSubmit={async (event) => {
          event.preventDefault();
          if (message.length > MESSAGE_LIMIT) return setError(`Message must be at most ${MESSAGE_LIMIT} characters`);
          setPending(true);
          const outcome = await cancelBooking(booking, message);
          setPending(false);
          if (!outcome.ok) return setError(outcome.error);
          setOpen(false);
          onCancelled(outcome.booking);
        }}
      >
        <FormField id={`${id}-message`} label="Message to the visitor" error={error} hint="Optional. Say why, or suggest another time.">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              value={message}
              maxLength={MESSAGE_LIMIT + 200}
              onChange={(event) => setMessage(event.target.value)}
              className={inputClasses}
            />
          )}
        </FormField>
      </FormDialog>
    </>
  );
}
