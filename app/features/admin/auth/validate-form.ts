import type { z } from '#common/zod.ts';
import { firstErrors, validate } from '#common/validation.ts';

/**
 * Checks a form's values against its shared schema: shows the first message per field and answers
 * null, or clears the messages and answers the parsed data.
 */
export function validateForm<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
  setErrors: (errors: Record<string, string>) => void,
): z.output<Schema> | null {
  const result = validate(schema, values);
  setErrors(result.success ? {} : firstErrors(result.errors));
  return result.success ? result.data : null;
}
