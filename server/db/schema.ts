import type { AudioFormat } from '#server/audio/audio-format.ts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** ISO-8601 text in both dialects (PostgreSQL timestamptz values are read back as ISO strings). */
type Timestamp = ColumnType<string, string | undefined, string>;

export interface SamplesTable {
  id: Generated<number>;
  title: string;
  artist: string | null;
  genre: string | null;
  description: string | null;
  audioUrl: string;
  coverImageUrl: string | null;
  duration: string | null;
  displayOrder: Generated<number>;
  durationSeconds: number | null;
  /** Encoded peaks (common/peaks.ts), '' when analysed without a waveform, null until analysed. */
  peaks: string | null;
  /** 1 for a sample the demo seed made (until its audio is replaced); the admin badges it. */
  isDemo: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Set while the sample is in the admin's trash: hidden everywhere public, removed for good 30 days later. */
  deletedAt: string | null;
}

/** Plays per sample and UTC day (`YYYY-MM-DD`); nothing about who listened. */
export interface SamplePlaysDailyTable {
  sampleId: number;
  day: string;
  count: number;
}

export interface ContactSubmissionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: Generated<string>;
  /** Null until the owner opened it in the inbox. */
  readAt: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  sid: string;
  /** JSON text. */
  sess: string;
  expire: string;
  adminUserId: number | null;
  createdAt: Timestamp;
}

export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password: string;
  displayName: Generated<string | null>;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isActive: Generated<number>;
  /** When this admin put the dashboard's setup checklist away; null while it shows. */
  setupChecklistDismissedAt: Generated<string | null>;
  lastLogin: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  adminUserId: number;
  token: string;
  expiresAt: string;
  used: Generated<number>;
  createdAt: Timestamp;
}

/** An admin's TOTP enrolment (server/auth/two-factor.ts); `secret` is sealed (server/auth/secret-box.ts). */
export interface AdminTwoFactorTable {
  adminUserId: number;
  secret: string;
  /** Null until the admin confirmed with a code: an unconfirmed row never asks for a code at login. */
  confirmedAt: string | null;
  /** The newest TOTP step that was accepted; codes at or before it are refused (replay). */
  lastUsedStep: number | null;
  createdAt: Timestamp;
}

/** Single-use recovery codes, stored as keyed hashes. */
export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  adminUserId: number;
  codeHash: string;
  usedAt: string | null;
  createdAt: Timestamp;
}

/** Fixed-window counters for rate limits and brute-force protection, shared by every instance. */
export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: string;
}

/** Upload grants and the objects they produced (server/storage). */
export interface UploadedObjectsTable {
  key: string;
  status: 'pending' | 'uploading' | 'uploaded' | 'registering' | 'registered' | 'failed';
  size: number | null;
  contentType: string | null;
  /** Detected from the first bytes at registration (server/audio/audio-format.ts). */
  format: AudioFormat | null;
  createdAt: Timestamp;
  registeredAt: string | null;
}

/** Multipart uploads this server started and not yet completed or aborted (server/uploads). */
export interface MultipartUploadsTable {
  uploadId: string;
  objectKey: string;
  uploadKey: string;
  /** Who may continue it, as the access rule names callers (`admin`). */
  owner: string;
  contentType: string;
  createdAt: Timestamp;
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

/** One-time jobs already done (the first-run demo seed). */
export interface CompletedOnceTable {
  name: string;
  createdAt: Timestamp;
}

export interface SiteContentVersionsTable {
  id: Generated<number>;
  section: string;
  version: number;
  /** The section's fields as JSON text. */
  data: string;
  updatedById: number | null;
  updatedByName: string | null;
  createdAt: Timestamp;
}

export interface SiteImagesTable {
  id: string;
  width: number;
  height: number;
  /** JSON array of the rendition widths. */
  widths: string;
  originalKey: string;
  originalType: string;
  byteSize: number;
  uploadedById: number | null;
  createdAt: Timestamp;
}

export interface Database {
  samples: SamplesTable;
  contactSubmissions: ContactSubmissionsTable;
  sessions: SessionsTable;
  adminUsers: AdminUsersTable;
  passwordResetTokens: PasswordResetTokensTable;
  rateLimits: RateLimitsTable;
  adminTwoFactor: AdminTwoFactorTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  contactNotices: ContactNoticesTable;
  contactSettings: ContactSettingsTable;
  uploadedObjects: UploadedObjectsTable;
  completedOnce: CompletedOnceTable;
  siteContentVersions: SiteContentVersionsTable;
  siteImages: SiteImagesTable;
  samplePlaysDaily: SamplePlaysDailyTable;
  multipartUploads: MultipartUploadsTable;
}

export type Sample = Selectable<SamplesTable>;
export type NewSample = Insertable<SamplesTable>;
export type SampleUpdate = Updateable<SamplesTable>;
export type ContactSubmission = Selectable<ContactSubmissionsTable>;
export type AdminUser = Selectable<AdminUsersTable>;
