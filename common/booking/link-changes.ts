/**
 * Whether an e-mailed link (cancel, reschedule) may still change its booking: it is confirmed and
 * has not started. After that the link names nothing a visitor can change. One rule for the
 * server's answers (server/booking/) and the pages that offer the change (app/features/booking/).
 */
export const isChangeable = (booking: { status: string; start: string }, now = Date.now()) =>
  booking.status === 'confirmed' && Date.parse(booking.start) > now;
