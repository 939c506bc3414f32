import { z } from './zod.ts';

/*
 * The contact inbox's spam folder (docs/decisions/089-kept-spam.md): messages the form's checks
 * caught are kept there, without e-mails, until the owner moves one to the inbox or 30 days pass.
 */

/** Why a message was kept as spam: sent sooner than a person fills the form, the hidden field filled, or a stamp this site did not sign. */
export const SPAM_REASONS = ['too-fast', 'honeypot', 'forged-token'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

export const SPAM_REASON_LABELS: Record<SpamReason, string> = {
  'too-fast': 'Sent too fast',
  honeypot: 'Hidden field filled',
  'forged-token': 'Form stamp not valid',
};

/** Kept spam is deleted this long after it arrived. */
export const SPAM_KEPT_DAYS = 30;

export const CONTACT_FOLDERS = ['inbox', 'spam'] as const;

/** GET /api/contact-submissions?folder=…: the inbox unless the spam folder is asked for. */
export const contactFolderQuerySchema = z.object({
  folder: z.enum(CONTACT_FOLDERS, { error: `folder must be one of ${CONTACT_FOLDERS.join(', ')}` }).default('inbox'),
});
