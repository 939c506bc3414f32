import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from './timestamp.ts';

export interface SessionsTable {
  sid: string;
  /** JSON text. */
  sess: string;
  expire: string;
  adminUserId: number | null;
  createdAt: Timestamp;
  /** The id the sessions list shows (the sid, a hash of the cookie's token, never leaves the server). */
  publicId: string | null;
  /** The browser's name as it signed in, cut short. */
  userAgent: string | null;
  /** The address it signed in from, shortened as the review-link log does. */
  address: string | null;
}

/** Per role, whether its people must use two-factor (server/auth/required-two-factor.ts); no row: not required. */
export interface StaffRoleSettingsTable {
  role: string;
  twoFactorRequired: Generated<number>;
  updatedAt: Timestamp;
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
  /** owner, engineer or assistant (common/staff-roles.ts), read with the session on every request. */
  role: Generated<string>;
  /** When the person chose their username and password; null while their invitation waits. */
  joinedAt: Generated<string | null>;
  /** Removed from the staff: the row stays so what they made is still credited to them. */
  removedAt: Generated<string | null>;
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

/** An admin's TOTP enrolment (server/auth/two-factor.ts); `secret` is sealed (server/crypto/secret-box.ts). */
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

/** An e-mailed invitation to join the staff: the link's hash, single use (server/auth/staff-invitations.ts). */
export interface StaffInvitationsTable {
  id: Generated<number>;
  adminUserId: number;
  tokenHash: string;
  expiresAt: string;
  used: Generated<number>;
  createdAt: Timestamp;
}

/** A kind of notice a person turned off (common/staff-notices.ts); no row: they get it. */
export interface StaffNoticeOptOutsTable {
  adminUserId: number;
  kind: string;
  createdAt: Timestamp;
}

/** The owner's accounts and sessions (server/auth). */
export interface AuthTables {
  sessions: SessionsTable;
  staffRoleSettings: StaffRoleSettingsTable;
  adminUsers: AdminUsersTable;
  passwordResetTokens: PasswordResetTokensTable;
  adminTwoFactor: AdminTwoFactorTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  staffInvitations: StaffInvitationsTable;
  staffNoticeOptOuts: StaffNoticeOptOutsTable;
}

export type AdminUser = Selectable<AdminUsersTable>;
