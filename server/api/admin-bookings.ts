import { Router, type Request, type Response } from 'express';
import type { Services } from '#server/context.ts';
import {
  ownerBooking,
  ownerBookingChange,
  ownerBookingList,
  ownerBookingSummary,
  type OwnerBookingChange,
} from '#server/flows/enquiry-links.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { refusalError } from '#server/http/refusals.ts';
import { requireAdmin, signedInAdminId } from '#server/http/require-admin.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import { BOOKING_ASSIGN_MESSAGES, bookingAssigneeSchema } from '#common/booking/admin.ts';
import { assignBooking, bookingAssignees } from '#server/flows/assign-booking.ts';
import { noStore } from '#server/http/no-store.ts';

const NOT_FOUND = 'Booking not found';

function answerChange(res: Response, outcome: OwnerBookingChange): void {
  if (outcome.kind !== 'changed') throw refusalError(outcome, NOT_FOUND);
  noStore(res).json(outcome.booking);
}

const bookingId = (req: Request) => parseIdParam(req.params.id, NOT_FOUND);

/** The owner's Bookings area: settings, the feed, the subscription address and the bookings themselves. */
export function adminBookingsRouter(services: Services): Router {
  const router = Router();
  const { studioSettings } = services.booking;

  router
    .route('/admin/booking/settings')
    .all(requireAdmin)
    .get(async (_req, res) => {
      noStore(res).json(await studioSettings.settings());
    })
    .put(async (req, res) => {
      const outcome = await studioSettings.saveSettings(req.body);
      if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message, outcome.errors);
      if (outcome.kind === 'stale')
        throw new HttpError(
          409,
          'These settings were changed elsewhere since you opened them. Reload to see the latest, then make your change again.',
        );
      noStore(res).json(outcome.settings);
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  router
    .route('/admin/booking/feed/refresh')
    .all(requireAdmin)
    .post(async (_req, res) => {
      const feed = await studioSettings.refreshFeed();
      if (!feed) throw new HttpError(409, 'Add your calendar feed address first');
      noStore(res).json(feed);
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/booking/subscription')
    .all(requireAdmin)
    .post(async (_req, res) => {
      noStore(res).json({ subscriptionUrl: await studioSettings.regenerateSubscription() });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/booking/summary')
    .all(requireAdmin)
    .get(async (_req, res) => {
      noStore(res).json(await ownerBookingSummary(services));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/bookings')
    .all(requireAdmin)
    .get(async (req, res) => {
      const outcome = await ownerBookingList(services, req.query);
      if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message, outcome.errors);
      noStore(res).json(outcome.bookings);
    })
    .all(methodNotAllowed(['GET']));

  // Who a booking can be given to, and giving it (owner and front desk: server/http/admin-routes.ts).
  router
    .route('/admin/bookings/assignees')
    .all(requireAdmin)
    .get(async (_req, res) => {
      noStore(res).json({ assignees: await bookingAssignees(services) });
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/bookings/:id/assignee')
    .all(requireAdmin)
    .put(async (req, res) => {
      const id = bookingId(req);
      const { assigneeId } = parseBody(bookingAssigneeSchema, req.body);
      const outcome = await assignBooking(services, id, assigneeId);
      if (outcome.kind === 'not-assignable') {
        throw new HttpError(400, BOOKING_ASSIGN_MESSAGES.notAssignable, { assigneeId: [BOOKING_ASSIGN_MESSAGES.notAssignable] });
      }
      answerChange(res, outcome);
    })
    .all(methodNotAllowed(['PUT']));

  router
    .route('/admin/bookings/:id')
    .all(requireAdmin)
    .get(async (req, res) => {
      const booking = await ownerBooking(services, bookingId(req));
      if (!booking) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(booking);
    })
    .patch(async (req, res) => {
      const id = bookingId(req);
      answerChange(res, await ownerBookingChange(services, (bookings) => bookings.update(id, req.body)));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  router
    .route('/admin/bookings/:id/cancel')
    .all(requireAdmin)
    .post(async (req, res) => {
      const id = bookingId(req);
      answerChange(res, await ownerBookingChange(services, (bookings) => bookings.cancel(id, signedInAdminId(res), req.body)));
    })
    .all(methodNotAllowed(['POST']));

  return router;
}

/** The owner's private subscription of every booking, for a calendar app: `/calendar/{token}.ics`. */
export function calendarSubscriptionRoutes(services: Services): Router {
  const router = Router();
  router
    .route('/calendar/:file')
    .get(async (req, res) => {
      const token = /^(.+)\.ics$/.exec(String(req.params.file))?.[1] ?? '';
      const body = await services.booking.studioSettings.subscription(token);
      if (!body) throw new HttpError(404, 'Not found');
      res
        .set({ 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' })
        .send(body);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
