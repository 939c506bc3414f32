import type { FieldErrors } from '#common/validation.ts';
import { HttpError } from './errors.ts';

/** The refusals services answer with (a bad request, nothing there, a state that forbids it). */
export type Refusal =
  { kind: 'invalid'; message: string; errors: FieldErrors } | { kind: 'not-found' } | { kind: 'conflict'; message: string };

/** A refusal as its HTTP error: 400 with the field messages, 404 with `notFoundMessage`, 409 with the reason. */
export function refusalError(refusal: Refusal, notFoundMessage: string): HttpError {
  switch (refusal.kind) {
    case 'invalid':
      return new HttpError(400, refusal.message, refusal.errors);
    case 'not-found':
      return new HttpError(404, notFoundMessage);
    case 'conflict':
      return new HttpError(409, refusal.message);
  }
}

/**
 * How a capability's refusal is answered, stated once for the JSON API and the page module alike
 * (decision 098): the router throws it as its HTTP error, a page's loader or action returns the same
 * status and words with what the page shows.
 */
export interface RefusalAnswer {
  status: number;
  message: string;
  errors?: FieldErrors;
  headers?: Record<string, string>;
}

/** A refusal answer as the JSON API's error. */
export const answerError = (answer: RefusalAnswer): HttpError =>
  new HttpError(answer.status, answer.message, answer.errors, answer.headers);

/** A `Retry-After` header for a wait in seconds. */
export const retryAfter = (seconds: number) => ({ 'Retry-After': String(seconds) });
