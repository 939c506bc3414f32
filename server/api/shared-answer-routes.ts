import type { Services } from '#server/context.ts';
import type { SharedAnswerRoute } from '#server/http/shared-answers-ahead.ts';
import { slotListFor } from './slot-lists.ts';

/** The API answers given in front of Express when they are a shared one (server/http/shared-answers-ahead.ts). */
export function sharedAnswerRoutes({ booking: { visitorBookings } }: Pick<Services, 'booking'>): SharedAnswerRoute[] {
  return [
    {
      path: '/api/booking/slots',
      // Free slots change with every booking and every minute: never stored by a browser or a proxy.
      cacheControl: 'no-store',
      async answer(query) {
        const outcome = await slotListFor(visitorBookings, query);
        return outcome.kind === 'answer' ? outcome.answer : undefined;
      },
    },
  ];
}
