import type { z } from './zod.ts';

/**
 * The one shape every 400 answer and every form uses for what is wrong: messages per field, in the
 * order the rules were broken. Keys are the top-level field names; a problem with the input as a
 * whole (not an object, say) is filed under `body`.
 */
export type FieldErrors = Record<string, string[]>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'body';
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** The first message per field: what a form shows under each input. */
export function firstErrors(errors: FieldErrors | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) if (messages?.[0]) result[field] = messages[0];
  return result;
}

export type Validation<T> = { success: true; data: T } | { success: false; message: string; errors: FieldErrors };

/**
 * Checks input against a shared schema. On failure the message is `message` when given, else the
 * first broken rule's own words (what a one-line form error shows).
 */
export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown, message?: string): Validation<z.output<Schema>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    message: message ?? result.error.issues[0]?.message ?? 'Invalid request',
    errors: fieldErrorsOf(result.error),
  };
}
