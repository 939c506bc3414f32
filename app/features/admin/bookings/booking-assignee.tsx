import { UserRoundCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { AdminBooking } from '#common/booking/admin.ts';
import { roleMay } from '#common/staff-roles.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { useStaffRole } from '#app/features/admin/staff/staff-role.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';

type Person = { id: number; name: string };

/** The people a booking can go to, asked once per page for every card. */
let asked: Promise<Person[]> | null = null;
function assignees(): Promise<Person[]> {
  asked ??= api<{ assignees: Person[] }>('GET', '/api/admin/bookings/assignees').then((res) => {
    if (res.ok) return res.data.assignees;
    asked = null;
    return [];
  });
  return asked;
}

/**
 * Who of the team has the booking (decision 121): everyone reads it; the owner and the front desk
 * choose, and the person and the visitor are e-mailed when it goes to someone.
 */
export function BookingAssignee({ booking, onChanged }: { booking: AdminBooking; onChanged: (booking: AdminBooking) => void }) {
  const canAssign = roleMay(useStaffRole() ?? undefined, 'bookings.assign');
  const selectId = useId();
  const [people, setPeople] = useState<Person[] | null>(null);
  // The choice being saved, shown meanwhile (the booking says who has it once the server answers).
  const [saving, setSaving] = useState<string | null>(null);

  useEffect(() => {
    if (canAssign) void assignees().then(setPeople);
  }, [canAssign]);

  if (!canAssign) {
    return booking.assignee ? (
      <p className="inline-flex items-center gap-1.5 text-sm text-fg-muted">
        <UserRoundCheck aria-hidden className="size-4 shrink-0" />
        Assigned to {booking.assignee.name}
      </p>
    ) : null;
  }

  async function change(value: string) {
    const assigneeId = value === '' ? null : Number(value);
    setSaving(value);
    const result = await api<AdminBooking>('PUT', `/api/admin/bookings/${booking.id}/assignee`, { assigneeId });
    setSaving(null);
    if (!result.ok) {
      toast({
        title: 'Error',
        description: result.serverMessage ?? `Could not assign the booking: ${result.message}`,
        variant: 'destructive',
      });
      return;
    }
    const who = result.data.assignee?.name;
    toast({
      title: 'Success',
      description: who ? `Given to ${who}. They and ${booking.name} are e-mailed.` : 'Given to nobody in particular.',
    });
    onChanged(result.data);
  }

  // The one who has it stays a choice even if they are no longer listed (suspended since).
  const listed = people ?? [];
  const options = booking.assignee && !listed.some((p) => p.id === booking.assignee!.id) ? [booking.assignee, ...listed] : listed;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={selectId} className="inline-flex items-center gap-1.5 font-medium text-fg">
        <UserRoundCheck aria-hidden className="size-4 shrink-0" />
        Assigned to
      </label>
      <select
        id={selectId}
        value={saving ?? booking.assignee?.id ?? ''}
        disabled={saving !== null || people === null}
        onChange={(event) => void change(event.target.value)}
        className={cn(inputClasses, 'py-2 sm:w-72')}
      >
        <option value="">Nobody in particular</option>
        {options.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}
