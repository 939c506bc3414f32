import type { SpamReason } from '#common/contact-spam.ts';

/** A submission as GET /api/contact-submissions lists it. */
export interface ContactSubmission {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: string;
  /** Null until the owner opened it. */
  readAt: string | null;
  createdAt: string;
}

/** GET /api/contact-submissions/feed: the list, or null when `version` was still current. */
export interface InboxFeed {
  version: string;
  submissions: ContactSubmission[] | null;
}

/** A message in the spam folder, as GET /api/contact-submissions?folder=spam lists it. */
export interface SpamSubmission extends ContactSubmission {
  spamReason: SpamReason;
}
