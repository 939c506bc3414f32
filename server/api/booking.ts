import { Router, type Response } from 'express';
import { slotQuerySchema, type BookedAnswer } from '#common/booking/booking-request.ts';
import { bookingLinkPath } from '#server/booking/booking-links.ts';
import type { Services } from '#server/context.ts';
import type { BookRequestOutcome, RescheduleOutcome } from '#server/booking/visitor-bookings.ts';
import { formStampFrom } from '#server/cookies/form-stamp.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { parseBody } from '#server/http/validation.ts';
import { sendSharedJson } from '#server/http/shared-json.ts';
import { slotListFor } from './slot-lists.ts';

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');
const BOOKING_NOT_FOUND = 'This link does not name a consultation';
const NOT_CHANGEABLE = 'This consultation can no longer be changed: it was cancelled or has already started';

/**
 * The answers every refusal of a booking shares: 400 with field messages, 409 with fresh slots or
 * for an e-mail address that already holds its share, 429 with a wait.
 */
function refuse(
  res: Response,
  outcome: Extract<BookRequestOutcome | RescheduleOutcome, { kind: 'invalid' | 'taken' | 'rate-limited' | 'already-booked' }>,
): never | void {
  switch (outcome.kind) {
    case 'invalid':
      throw new HttpError(400, outcome.message, outcome.errors);
    case 'already-booked':
      throw new HttpError(409, outcome.message, outcome.errors);
    case 'rate-limited':
      throw new HttpError(429, outcome.message ?? 'Too many bookings from here in a short time. Please try again later.', undefined, {
        'Retry-After': String(outcome.retryAfterSeconds),
      });
    case 'taken':
      noStore(res)
        .status(409)
        .json({ message: outcome.message, errors: { start: [outcome.message] }, slots: outcome.fresh });
  }
}

/**
 * The visitor's booking API (decision 092): the types, the free slots, booking one, and the two
 * e-mailed links. Slots are never stored for the shared cache: they change with every booking and
 * every minute.
 */
export function bookingRouter(services: Services): Router {
  const router = Router();
  const { visitorBookings } = services;

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
      if (outcome.kind === 'not-found') throw new HttpError(404, BOOKING_NOT_FOUND);
      if (outcome.kind === 'not-confirmed') throw new HttpError(409, NOT_CHANGEABLE);
      noStore(res).json(outcome.booking);
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/bookings/:token/reschedule')
    .get(async (req, res) => {
      // The slots this booking may move to (its own time does not block them).
      const query = parseBody(slotQuerySchema.omit({ type: true }), req.query, 'Invalid slot query');
      const found = await visitorBookings.byToken(String(req.params.token), 'reschedule');
      if (!found) throw new HttpError(404, BOOKING_NOT_FOUND);
      const slots = await visitorBookings.rescheduleSlots(String(req.params.token), { from: query.from, to: query.to });
      if (!slots) throw new HttpError(409, NOT_CHANGEABLE);
      noStore(res).json({ booking: found.view, slots });
    })
    .post(async (req, res) => {
      const outcome = await visitorBookings.reschedule(String(req.params.token), req.body);
      if (outcome.kind === 'not-found') throw new HttpError(404, BOOKING_NOT_FOUND);
      if (outcome.kind === 'not-confirmed') throw new HttpError(409, NOT_CHANGEABLE);
      if (outcome.kind === 'moved') {
        noStore(res).json(outcome.booking);
        return;
      }
      refuse(res, outcome);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  return router;
}
