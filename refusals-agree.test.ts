import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { bookPageAction } from '#app/features/booking/book-page.server.ts';
import { listenAction } from '#app/features/listen/listen-page.server.ts';
import { contextWith } from '#app/lib/server-context.server.ts';
import type { Services } from '#server/context.ts';
import { bookingRouter } from '#server/api/booking.ts';
import { listenerRouter } from '#server/api/review-links.ts';
import { errorHandler } from '#server/http/errors.ts';

/*
 * One refusal mapping per capability (decision 098): the JSON API and the page without JavaScript
 * answer each refusal with the same status, words and Retry-After. Each side is driven with a
 * service that answers the refusal, so the two wirings are compared and nothing else.
 */

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as unknown as Parameters<typeof errorHandler>[0];

function api(services: Partial<Services>, router: (services: Services) => express.Router) {
  const app = express();
  app.use(express.json());
  app.use('/api', router(services as Services));
  app.use(errorHandler(silent));
  return supertest(app);
}

/** A page action's answer: React Router's `data()` (status, headers, the page's data) or a thrown/returned Response. */
async function pageAnswer(run: () => Promise<unknown>) {
  const answer = (await run()) as { init?: { status?: number; headers?: Record<string, string> }; data: { message: string } };
  return { status: answer.init?.status ?? 200, message: answer.data.message, retryAfter: answer.init?.headers?.['Retry-After'] };
}

const form = (fields: Record<string, string>) => new Request('http://studio.test/x', { method: 'POST', body: new URLSearchParams(fields) });

describe('the booking API and the booking page refuse alike', () => {
  const fresh = { timeZone: 'UTC', slots: [] };
  const refusals = [
    { kind: 'invalid', message: 'Check the form', errors: { email: ['Enter an e-mail address'] } },
    { kind: 'already-booked', message: 'You already hold consultations', errors: { email: ['Already booked'] } },
    { kind: 'taken', message: 'That time was just taken', fresh },
    { kind: 'rate-limited', retryAfterSeconds: 600 },
  ];
  for (const outcome of refusals) {
    it(outcome.kind, async () => {
      const visitorBookings = { book: async () => outcome };
      const fromApi = await api({ booking: { visitorBookings } } as unknown as Partial<Services>, bookingRouter)
        .post('/api/bookings')
        .send({});
      const fromPage = await pageAnswer(() =>
        bookPageAction({
          request: form({ name: 'A' }),
          context: contextWith({ services: { booking: { visitorBookings } }, clientIp: '192.0.2.1' }),
          params: {},
        } as never),
      );
      expect({ status: fromApi.status, message: fromApi.body.message, retryAfter: fromApi.headers['retry-after'] }).toEqual(fromPage);
    });
  }
});

describe('the review link API and the link’s page refuse a password alike', () => {
  for (const outcome of [{ kind: 'wrong' }, { kind: 'limited', retryAfterSeconds: 120 }]) {
    it(outcome.kind, async () => {
      const reviewLinks = { unlock: async () => outcome };
      const fromApi = await api({ projects: { reviewLinks } } as unknown as Partial<Services>, listenerRouter)
        .post('/api/listen/t0ken/unlock')
        .send({ password: 'guess' });
      const fromPage = await pageAnswer(() =>
        listenAction({
          request: form({ password: 'guess' }),
          context: contextWith({ services: { projects: { reviewLinks } }, clientIp: '192.0.2.1' }),
          params: { token: 't0ken' },
        } as never),
      );
      expect({ status: fromApi.status, message: fromApi.body.message, retryAfter: fromApi.headers['retry-after'] }).toEqual(fromPage);
    });
  }
});
