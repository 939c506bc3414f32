import type { ContactField } from '#common/contact-fields.ts';

/** What is typed in the form, as typed (the schema trims and drops a blank phone on submit). */
export type ContactFormValues = Record<ContactField, string>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', phone: '', message: '' };
