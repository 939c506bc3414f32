/** Copy of the contact form: its toasts, labels and placeholders. */
import { RESPONSE_PROMISE_HOURS } from './site';

export const CONTACT_SUCCESS_TITLE = 'Success!';
export const CONTACT_SUCCESS_MESSAGE =
  `Your message has been submitted. We'll respond within ${RESPONSE_PROMISE_HOURS} hours ` + 'to schedule your free consultation.';
export const CONTACT_FAILURE_TITLE = 'Error';
export const CONTACT_FAILURE_FALLBACK = 'Failed to submit form. Please try again.';

export const CONTACT_FORM_LABELS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone (optional)',
  message: 'Message',
  submit: 'Send Message',
  sending: 'Sending...',
} as const;

export const CONTACT_FORM_PLACEHOLDERS = {
  name: 'Your name',
  email: 'you@example.com',
  phone: 'Your phone number',
  message: 'Tell us about your project: the song, its genre, your deadline and any reference tracks.',
} as const;
