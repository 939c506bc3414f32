import type { ZodType } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '#common/admin-auth.ts';

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message?: string; errors?: FieldErrors };

/**
 * POSTs JSON with the session cookie and reads the `{message, errors?}` error shape. A network
 * failure throws (fetch's TypeError), so callers can tell "server said no" from "no server".
 */
export async function postJson<T>(url: string, body?: unknown): Promise<ApiResult<T>> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const payload = (await response.json().catch(() => ({}))) as { message?: string; errors?: FieldErrors };
  if (response.ok) return { ok: true, data: payload as T };
  return { ok: false, status: response.status, message: payload.message, errors: payload.errors };
}

/** The first message per field, which is what a form shows under each input. */
export function firstErrors(errors: FieldErrors | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) if (messages?.[0]) result[field] = messages[0];
  return result;
}

/**
 * Checks a form's values against its shared schema: shows the first message per field and answers
 * null, or clears the messages and answers the parsed data.
 */
export function validateForm<T>(schema: ZodType<T>, values: unknown, setErrors: (errors: Record<string, string>) => void): T | null {
  const parsed = schema.safeParse(values);
  setErrors(parsed.success ? {} : firstErrors(fieldErrorsOf(parsed.error)));
  return parsed.success ? parsed.data : null;
}
