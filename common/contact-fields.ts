/**
 * The contact form's fields, limits, messages and anti-spam field names: plain data,
 * no zod, so the browser can show the form without downloading the validation (common/contact.ts),
 * which it loads when the visitor starts typing.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  // 254 is the longest address SMTP can deliver to, so a longer one is simply not valid.
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.email} characters`,
  phoneTooLong: `Phone must be at most ${CONTACT_LIMITS.phone} characters`,
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters`,
} as const;

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * Anti-spam fields the site's own form sends next to the spec's fields. API clients may omit both.
 * The honeypot has a name that autofill does not recognise, so a person's browser never fills it.
 */
export const CONTACT_HONEYPOT_FIELD = 'url_confirm';
export const CONTACT_FORM_TOKEN_FIELD = 'formToken';
/**
 * Where the site's form gets its stamp (the signed moment it was opened, kept in a cookie) when it is
 * first focused, or through a <noscript> stylesheet link without JavaScript (server/cookies/form-stamp.ts).
 */
export const CONTACT_FORM_STAMP_PATH = '/api/contact/form-stamp';
/** A form sent sooner than this after it was opened was filled by a machine. */
export const CONTACT_MIN_FILL_MS = 2000;
