import { z } from './zod.ts';
import { CONTACT_STATUSES } from './contact-status.ts';
import { safeText } from './text.ts';

/*
 * The owner's inbox: which submissions a filter shows (the tab and the CSV export judge alike) and
 * the automatic acknowledgement's settings (the settings panel and PUT /api/contact-acknowledgement).
 */

export const CONTACT_FILTER_ALL = 'all';
export type ContactStatusFilter = typeof CONTACT_FILTER_ALL | (typeof CONTACT_STATUSES)[number];

export interface SearchableSubmission {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: string;
}

/** Case-insensitive search over name, e-mail, phone and message, plus the status filter. `query` is trimmed here. */
export function matchesContactFilter(submission: SearchableSubmission, status: ContactStatusFilter, query: string): boolean {
  if (status !== CONTACT_FILTER_ALL && submission.status !== status) return false;
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return `${submission.name}\n${submission.email}\n${submission.phone ?? ''}\n${submission.message}`.toLowerCase().includes(needle);
}

export const CONTACT_SEARCH_MAX = 200;

/** The export's query string: the tab's current filter, or nothing for all. */
export const contactExportQuerySchema = z.object({
  status: z
    .enum([CONTACT_FILTER_ALL, ...CONTACT_STATUSES], { error: `status must be all or one of ${CONTACT_STATUSES.join(', ')}` })
    .default('all'),
  q: safeText(z.string({ error: 'q must be text' }), 'Search')
    .max(CONTACT_SEARCH_MAX, `Search is at most ${CONTACT_SEARCH_MAX} characters`)
    .default(''),
});

export const ACKNOWLEDGEMENT_TEXT_MAX = 2000;

/** What the visitor gets when the owner has not written their own text: signed with the studio's name, its reply time promised. */
export function defaultAcknowledgementText(studio: { name: string; responseHours: number }): string {
  const within = `${studio.responseHours} ${studio.responseHours === 1 ? 'hour' : 'hours'}`;
  return [
    'Thank you for getting in touch.',
    '',
    `This is a short note to say your message reached us. We read every enquiry ourselves and will answer within ${within}.`,
    '',
    studio.name,
  ].join('\n');
}

export const acknowledgementSettingsSchema = z.object(
  {
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    text: safeText(z.string({ error: 'Text is required' }), 'Text', { multiline: true })
      .trim()
      .min(1, 'Write the text the visitor receives')
      .max(ACKNOWLEDGEMENT_TEXT_MAX, `Text is at most ${ACKNOWLEDGEMENT_TEXT_MAX} characters`),
  },
  { error: 'Send a JSON object with enabled and text' },
);

export type AcknowledgementSettingsInput = z.output<typeof acknowledgementSettingsSchema>;

/** What GET and PUT /api/contact-acknowledgement answer. */
export interface AcknowledgementSettings extends AcknowledgementSettingsInput {
  defaultText: string;
}
