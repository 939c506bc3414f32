import { Router, type Response } from 'express';
import { slotQuerySchema, type BookedAnswer } from '#common/booking/booking-request.ts';
import { bookingLinkPath } from '#server/booking/booking-links.ts';
import type { Services } from '#server/context.ts';
import { formStampFrom } from '#server/cookies/form-stamp.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { answerError } from '#server/http/refusals.ts';
import { BOOKING_LINK_REFUSALS, bookingRefusal, type BookingRefusal } from './booking-refusals.ts';
import { parseBody } from '#server/http/validation.ts';
import { sendSharedJson } from '#server/http/shared-json.ts';
import { slotListFor } from './slot-lists.ts';
import { noStore } from '#server/http/no-store.ts';

const linkRefused = (kind: keyof typeof BOOKING_LINK_REFUSALS) => answerError(BOOKING_LINK_REFUSALS[kind]);

/** A refused booking or move, as booking-refusals.ts words it; a slot just taken carries the fresh slots. */
function refuse(res: Response, outcome: BookingRefusal): never | void {
  const { slots, ...answer } = bookingRefusal(outcome);
  if (!slots) throw answerError(answer);
  noStore(res).status(answer.status).json({ message: answer.message, errors: answer.errors, slots });
}

/**
 * The visitor's booking API (decision 092): the types, the free slots, booking one, and the two
 * e-mailed links. Slots are never stored for the shared cache: they change with every booking and
 * every minute.
 */
export function bookingRouter(services: Services): Router {
  const router = Router();
  const { visitorBookings } = services.booking;

  router
    .route('/booking/types')
    .get(async (_req, res) => {
      noStore(res).json(await visitorBookings.types());
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/booking/slots')
    .get(async (req, res) => {
      // A visitor's list is usually answered ahead of Express (server/http/shared-answers-ahead.ts);
      // the refusals, a session's request and a fault come here.
      const outcome = await slotListFor(visitorBookings, req.query);
      if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message, outcome.errors);
      if (outcome.kind === 'unknown-type')
        throw new HttpError(400, 'Unknown consultation type', { type: ['Choose one of the offered consultations'] });
      // The visitors of one minute are given one answer object: its bytes are made once (server/http/shared-json.ts).
      sendSharedJson(req, noStore(res), outcome.answer);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/bookings')
    .post(async (req, res) => {
      if (req.headers['content-type'] && !req.is('application/json'))
        throw new HttpError(415, 'Send the booking as JSON (Content-Type: application/json)');
      const outcome = await visitorBookings.book({ body: req.body, ip: clientIp(req), formStamp: formStampFrom(req.headers.cookie) });
      // A goal of the visit (decision 113); spam reaches none.
      if (outcome.kind === 'booked') services.insights.recordGoal('consultation_booked', { headers: req.headers, address: clientIp(req) });
      // Spam is answered as a booking in every byte but the tokens, which name nothing (a 404 page).
      if (outcome.kind === 'booked' || outcome.kind === 'spam') {
        // The links the e-mail carries, so the page's confirmation can offer them at once.
        const links = {
          cancel: bookingLinkPath(outcome.cancelToken, 'cancel'),
          reschedule: bookingLinkPath(outcome.rescheduleToken, 'reschedule'),
        };
        noStore(res)
          .status(201)
          .json({ ...outcome.booking, links } satisfies BookedAnswer);
        return;
      }
      refuse(res, outcome);
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/bookings/:token/cancel')
    .post(async (req, res) => {
      const outcome = await visitorBookings.cancel(String(req.params.token));
      if (outcome.kind === 'not-found' || outcome.kind === 'not-confirmed') throw linkRefused(outcome.kind);
      noStore(res).json(outcome.booking);
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/bookings/:token/reschedule')
    .get(async (req, res) => {
      // The slots this booking may move to (its own time does not block them).
      const query = parseBody(slotQuerySchema.omit({ type: true }), req.query, 'Invalid slot query');
      const found = await visitorBookings.byToken(String(req.params.token), 'reschedule');
      if (!found) throw linkRefused('not-found');
      const slots = await visitorBookings.rescheduleSlots(String(req.params.token), { from: query.from, to: query.to });
      if (!slots) throw linkRefused('not-confirmed');
      noStore(res).json({ booking: found.view, slots });
    })
    .post(async (req, res) => {
      const outcome = await visitorBookings.reschedule(String(req.params.token), req.body);
      if (outcome.kind === 'not-found' || outcome.kind === 'not-confirmed') throw linkRefused(outcome.kind);
      if (outcome.kind === 'moved') {
        noStore(res).json(outcome.booking);
        return;
      }
      refuse(res, outcome);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  return router;
}
