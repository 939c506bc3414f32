import { useId, useState } from 'react';
import type { AdminBooking } from '#common/booking/admin.ts';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { saveOwnerNotes } from './booking-actions.ts';

const NOTES_LIMIT = 5000;

/** The studio's own notes on a booking (the visitor never sees them), saved on demand. */
export function OwnerNotes({ booking, onSaved }: { booking: AdminBooking; onSaved: (booking: AdminBooking) => void }) {
  const id = useId();
  const saved = booking.ownerNotes ?? '';
  const [notes, setNotes] = useState(saved);
  const [pending, setPending] = useState(false);
  const changed = notes !== saved;

  return (
    <form
      className="grid gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        const updated = await saveOwnerNotes(booking, notes);
        setPending(false);
        if (updated) onSaved(updated);
      }}
    >
      <label htmlFor={`${id}-notes`} className="text-sm font-medium text-fg">
        Your notes
      </label>
      <textarea
        id={`${id}-notes`}
        rows={2}
        value={notes}
        maxLength={NOTES_LIMIT}
        placeholder="Only you see these"
        onChange={(event) => setNotes(event.target.value)}
        className={cn(inputClasses, 'py-2 text-sm')}
      />
      {changed ? (
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={pending}>
            {pending ? 'Saving...' : 'Save notes'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setNotes(saved)}>
            Discard
          </Button>
        </div>
      ) : null}
    </form>
  );
}
