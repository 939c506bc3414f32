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
