/** Copy of the contact form: its toasts, labels and placeholders. */

export const CONTACT_SUCCESS_TITLE = 'Success!';
/** The reply time is the owner's promise (studio.responseHours). */
export function contactSuccessMessage(responseHours: number): string {
  return `Your message has been submitted. We'll respond within ${responseHours} hours to schedule your free consultation.`;
}
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
