import type { AdminBooking } from '#common/booking/admin.ts';
import { api, type ApiFailure } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

/*
 * The owner's changes to one booking. Each answers the booking as it now is (or null, with a toast
 * saying why not), so the list and the week view show what the server holds.
 */

function failed(what: string, result: ApiFailure): null {
  toast({ title: 'Error', description: result.serverMessage ?? `${what}: ${result.message}`, variant: 'destructive' });
  return null;
}

export async function saveOwnerNotes(booking: AdminBooking, notes: string): Promise<AdminBooking | null> {
  const result = await api<AdminBooking>('PATCH', `/api/admin/bookings/${booking.id}`, { ownerNotes: notes.trim() === '' ? null : notes });
  if (!result.ok) return failed('Could not save your notes', result);
  toast({ title: 'Success', description: 'Notes saved' });
  return result.data;
}

export async function setNoShow(booking: AdminBooking, noShow: boolean): Promise<AdminBooking | null> {
  const result = await api<AdminBooking>('PATCH', `/api/admin/bookings/${booking.id}`, { status: noShow ? 'no_show' : 'confirmed' });
  if (!result.ok) return failed('Could not change the booking', result);
  toast({
    title: 'Success',
    description: noShow ? `${booking.name} marked as a no-show` : `${booking.name} is no longer marked as a no-show`,
  });
  return result.data;
}

/** Cancels and queues the visitor's e-mail; the failure's field messages go back to the dialog. */
export async function cancelBooking(
  booking: AdminBooking,
  message: string,
): Promise<{ ok: true; booking: AdminBooking } | { ok: false; error: string }> {
  const result = await api<AdminBooking>('POST', `/api/admin/bookings/${booking.id}/cancel`, { message });
  if (!result.ok) return { ok: false, error: result.errors.message?.[0] ?? result.serverMessage ?? result.message };
  toast({ title: 'Success', description: `Cancelled. ${booking.name} is being told by e-mail.` });
  return { ok: true, booking: result.data };
}
