import { z } from './zod.ts';
import { CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_MESSAGES, type ContactField } from './contact-fields.ts';
import { safeText } from './text.ts';
import { validate } from './validation.ts';

export * from './contact-fields.ts';

/*
 * The contact form's rules, shared by the browser form, the page action and POST /api/contact, so a
 * message is judged the same way wherever it arrives.
 */

/** A missing value and a non-text value read the same to a visitor: the field needs filling in. */
const text = (required: string, options: { multiline?: boolean } = {}) => {
  const label = required.replace(' is required', '');
  return safeText(
    z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be text`) }),
    label,
    options,
  );
};

export const contactSubmissionSchema = z.object({
  name: text(CONTACT_MESSAGES.nameRequired)
    .trim()
    .min(1, { error: CONTACT_MESSAGES.nameRequired, abort: true })
    .min(2, CONTACT_MESSAGES.nameTooShort)
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: text(CONTACT_MESSAGES.emailRequired)
    .trim()
    .min(1, { error: CONTACT_MESSAGES.emailRequired, abort: true })
    .max(CONTACT_LIMITS.email, { error: CONTACT_MESSAGES.emailTooLong, abort: true })
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  // Optional: blank or missing becomes undefined, so it is omitted from the request and stored as null.
  phone: safeText(z.string({ error: 'Phone must be text' }), 'Phone')
    .nullish()
    .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined))
    .pipe(z.string().max(CONTACT_LIMITS.phone, CONTACT_MESSAGES.phoneTooLong).optional()),
  message: text(CONTACT_MESSAGES.messageRequired, { multiline: true })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.messageRequired, abort: true })
    .min(10, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
});

export type ContactSubmissionData = z.output<typeof contactSubmissionSchema>;
export type ContactFieldErrors = Partial<Record<ContactField, string[]>>;

export type ContactValidation = { success: true; data: ContactSubmissionData } | { success: false; errors: ContactFieldErrors };

/** Validates anything (a JSON body, form values) and names each bad field with its messages. */
export function validateContactSubmission(input: unknown): ContactValidation {
  const source = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  const result = validate(contactSubmissionSchema, source);
  if (result.success) return result;
  const errors: ContactFieldErrors = {};
  for (const field of CONTACT_FIELDS) {
    // One message per field, the first rule broken: that is what the visitor must fix next.
    const first = result.errors[field]?.[0];
    if (first) errors[field] = [first];
  }
  return { success: false, errors };
}
