import { z } from './zod.ts';

/**
 * Where the owner is with a contact submission. The spec names `new` and `in_progress` and shows any
 * other value green ("presumably completed"); the dashboard's status select writes these three.
 */
export const CONTACT_STATUSES = ['new', 'in_progress', 'completed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  completed: 'Completed',
};

export const contactStatusUpdateSchema = z.object(
  {
    status: z.enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}` }),
  },
  { error: 'Send a JSON object with a status' },
);

/** Pending contacts on the dashboard are the ones nobody has looked at yet. */
export const PENDING_CONTACT_STATUS: ContactStatus = 'new';
