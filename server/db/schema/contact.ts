import type { ContactStatus } from '#common/contact-status.ts';
import type { SpamReason } from '#common/contact-spam.ts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from './timestamp.ts';

export interface ContactSubmissionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: Generated<ContactStatus>;
  /** Null until the owner opened it in the inbox. */
  readAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null in the inbox; why the spam checks caught it when it is in the spam folder. */
  spamReason: ColumnType<SpamReason | null, SpamReason | null | undefined, SpamReason | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The owner's e-mail about a contact submission; unsent ones are retried (server/contact). */
export interface ContactNoticesTable {
  id: Generated<number>;
  submissionId: number;
  /** `owner`: the studio's e-mail about it; `acknowledgement`: the visitor's receipt. One of each per submission at most. */
  kind: ColumnType<ContactNoticeKind, ContactNoticeKind | undefined, never>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

export type ContactNoticeKind = 'owner' | 'acknowledgement';

/** The inbox's settings: a single row (id 1), absent until the owner first saves them. */
export interface ContactSettingsTable {
  id: number;
  /** 0 or 1. */
  acknowledgementEnabled: number;
  /** Null: the default text. */
  acknowledgementText: string | null;
  updatedAt: Timestamp;
}

/** The contact form and the inbox (server/contact). */
export interface ContactTables {
  contactSubmissions: ContactSubmissionsTable;
  contactNotices: ContactNoticesTable;
  contactSettings: ContactSettingsTable;
  newsletterSubscribers: NewsletterSubscribersTable;
}

export type ContactSubmission = Selectable<ContactSubmissionsTable>;

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** One address on the newsletter list (server/contact/newsletter.ts, decision 118). */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  status: ColumnType<NewsletterStatus, NewsletterStatus | undefined, NewsletterStatus>;
  /** SHA-256 of the confirmation link's token; null once confirmed. */
  confirmTokenHash: string | null;
  unsubscribeToken: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
