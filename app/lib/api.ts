import { asksForSession } from '#common/session-challenge.ts';
import type { FieldErrors } from '#common/validation.ts';
import { canResumeSession, sessionEnded, sessionGeneration } from './session-ended.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFailure {
  ok: false;
  /** The HTTP status, or 0 when no answer arrived (offline, server unreachable, request aborted). */
  status: number;
  statusText: string;
  /**
   * The product's generic error text: `{status}: {body text}`, or `{status}: {status text}` when the
   * body is empty. With status 0 it is the browser's own words (e.g. "Failed to fetch").
   */
  message: string;
  /** The JSON body's `message`, when the server sent one. */
  serverMessage?: string;
  /** The JSON body's `errors` (field -> messages), or `{}`. */
  errors: FieldErrors;
  /** The whole JSON body, for answers that carry more (a 409's `current`). */
  body?: unknown;
}

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

/** Whether a refusal names fields to fix (a form shows them) rather than failing as a whole. */
export const hasFieldErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * The one way the browser calls the site's JSON API: cookies go along (same origin), the answer is
 * never taken from the HTTP cache, and nothing throws. A successful answer without a body (204)
 * resolves with `data: undefined`; one whose body is not JSON counts as a failure, as its data
 * cannot be used. A Blob body (an image upload) is sent as it is, with its own type.
 *
 * When the server answers that the request needs a session and there is none (the admin's session
 * has ended) while the admin dashboard is open, the caller does not see that refusal: the request
 * waits until the owner has logged in again in the dashboard's dialog, then goes out again
 * (`session-ended.ts`). Everywhere else such a refusal resolves like any other.
 */
export async function api<T = unknown>(method: ApiMethod, url: string, body?: unknown): Promise<ApiResult<T>> {
  for (;;) {
    const sentIn = sessionGeneration();
    const { result, needsSession } = await send<T>(method, url, body);
    if (!needsSession || !canResumeSession()) return result;
    await sessionEnded(sentIn);
  }
}

async function send<T>(method: ApiMethod, url: string, body: unknown): Promise<{ result: ApiResult<T>; needsSession: boolean }> {
  let response: Response;
  const raw = typeof Blob !== 'undefined' && body instanceof Blob;
  const contentType = raw ? body.type || 'application/octet-stream' : 'application/json';
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': contentType },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { result: { ok: false, status: 0, statusText: '', message, errors: {} }, needsSession: false };
  }
  const text = await response.text().catch(() => '');
  const parsed = parseJson(text);
  if (response.ok && (text === '' || parsed.readable)) return { result: { ok: true, data: parsed.value as T }, needsSession: false };
  const answer = isObject(parsed.value) ? parsed.value : {};
  const result: ApiFailure = {
    ok: false,
    status: response.status,
    statusText: response.statusText,
    message: `${response.status}: ${text || response.statusText}`,
    ...(typeof answer.message === 'string' ? { serverMessage: answer.message } : {}),
    errors: fieldErrorsFrom(answer.errors),
    ...(parsed.readable ? { body: parsed.value } : {}),
  };
  return { result, needsSession: asksForSession(response.status, response.headers.get('WWW-Authenticate')) };
}

function parseJson(text: string): { readable: boolean; value: unknown } {
  if (text === '') return { readable: false, value: undefined };
  try {
    return { readable: true, value: JSON.parse(text) as unknown };
  } catch {
    return { readable: false, value: undefined };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only `field -> string[]` entries: a form must be able to show whatever it is given. */
function fieldErrorsFrom(value: unknown): FieldErrors {
  if (!isObject(value)) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const texts = Array.isArray(messages) ? messages.filter((message): message is string => typeof message === 'string') : [];
    if (texts.length > 0) errors[field] = texts;
  }
  return errors;
}
