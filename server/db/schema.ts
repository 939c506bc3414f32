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
  /** JSON array of numbers in 0..1, or null until analysed. */
  peaks: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContactSubmissionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: Generated<string>;
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
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isActive: Generated<number>;
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
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  sentAt: string | null;
  createdAt: Timestamp;
}

/** One-time jobs already done (the first-run demo seed). */
export interface CompletedOnceTable {
  name: string;
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
  uploadedObjects: UploadedObjectsTable;
  completedOnce: CompletedOnceTable;
  multipartUploads: MultipartUploadsTable;
}

export type Sample = Selectable<SamplesTable>;
export type NewSample = Insertable<SamplesTable>;
export type SampleUpdate = Updateable<SamplesTable>;
export type ContactSubmission = Selectable<ContactSubmissionsTable>;
export type AdminUser = Selectable<AdminUsersTable>;
