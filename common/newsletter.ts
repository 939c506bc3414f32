import { contactSubmissionSchema } from './contact.ts';
import { z } from './zod.ts';

/*
 * The newsletter sign-up (issue 44, docs/decisions/118-announcement-and-newsletter.md): what
 * `POST /api/newsletter` and the footer's plain form take, and the addresses around it.
 */
export const NEWSLETTER_SUMMARY_PATH = '/api/admin/newsletter';
export const NEWSLETTER_CSV_PATH = '/api/admin/newsletter.csv';
/** Where the footer's form posts without JavaScript: a page that answers as the API does. */
export const NEWSLETTER_FORM_PATH = '/newsletter';

/** The contact form's e-mail rule (one rule for an address a visitor gives), kept lower-case: one row per mailbox. */
export const newsletterSignUpSchema = z.object({
  email: contactSubmissionSchema.shape.email.transform((email) => email.toLowerCase()),
});

/** The one answer to every accepted sign-up, new address or known: nothing tells them apart. */
export const NEWSLETTER_ACCEPTED = 'Thanks! If this address is new to the list, an e-mail to confirm it is on its way.';

/** `GET /api/admin/newsletter`: the list in two numbers. */
export interface NewsletterSummary {
  confirmed: number;
  pending: number;
}

/** A confirm or unsubscribe link's token: 32 random bytes in base64url. */
export const NEWSLETTER_TOKEN = /^[A-Za-z0-9_-]{43}$/;
