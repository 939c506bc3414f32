import type { StaffRole } from './staff-roles.ts';
import { safeText } from './text.ts';
import { z } from './zod.ts';

/** Password rules shared by the reset form, the change-password dialog, the API and the CLI. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  validEmail: 'Valid email is required',
  tokenRequired: 'Reset token is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  /** The one answer for unknown user, wrong password and inactive account. */
  invalidCredentials: 'Invalid credentials',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  resetEmailSent: 'If an account with that email exists, a password reset link has been sent.',
  invalidResetToken: 'This reset link is invalid or has expired. Please request a new one.',
  currentPasswordWrong: 'Current password is incorrect',
} as const;

const requiredText = (message: string, label: string, max = 1024) =>
  safeText(z.string({ error: message }), label)
    .min(1, message)
    .max(max, message);

export const newPasswordSchema = safeText(z.string({ error: AUTH_MESSAGES.passwordTooShort }), 'Password')
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

export const loginSchema = z.object({
  username: safeText(z.string({ error: AUTH_MESSAGES.usernameRequired }), 'Username')
    .trim()
    .min(1, AUTH_MESSAGES.usernameRequired)
    .max(200, AUTH_MESSAGES.usernameRequired),
  // Not trimmed: spaces may be part of a password.
  password: requiredText(AUTH_MESSAGES.passwordRequired, 'Password'),
});

export const emailSchema = safeText(z.string({ error: AUTH_MESSAGES.validEmail }), 'Email')
  .trim()
  .toLowerCase()
  .max(254, AUTH_MESSAGES.validEmail)
  .pipe(z.email({ error: AUTH_MESSAGES.validEmail }));

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: requiredText(AUTH_MESSAGES.tokenRequired, 'Reset token', 200),
  password: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: requiredText(AUTH_MESSAGES.currentPasswordRequired, 'Current password'),
  newPassword: newPasswordSchema,
});

/** The reset form also asks for the password twice; the API takes it once. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });

export type LoginInput = z.infer<typeof loginSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The signed-in admin's public profile: what the browser sees and the server's AdminProfile. */
export interface AdminProfile {
  id: number;
  username: string;
  email: string;
  /** The one name the admin goes by in the dashboard (docs/decisions/045-admin-display-name.md); null shows the username. */
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** The dashboard's first-run checklist was put away by this admin. */
  setupChecklistDismissed: boolean;
  /** What they may do (common/staff-roles.ts), as the session read it on this request. */
  role: StaffRole;
  /** Their role requires two-factor and they have not set it up: the admin shows only the setup (decision 117). */
  twoFactorSetupRequired?: true;
}

/** What the header and the account menu call the admin. */
export const adminShownName = (admin: Pick<AdminProfile, 'displayName' | 'username'>) => admin.displayName ?? admin.username;

/**
 * The address the first admin gets when no ADMIN_EMAIL or STUDIO_EMAIL was set: it reaches nobody,
 * so "Forgot password" cannot either until the owner sets their own (the setup checklist asks).
 */
export const PLACEHOLDER_ADMIN_EMAIL = 'admin@localhost.localdomain';

export const isPlaceholderAdminEmail = (email: string) => email.trim().toLowerCase() === PLACEHOLDER_ADMIN_EMAIL;

export const USERNAME_MAX_LENGTH = 64;
export const DISPLAY_NAME_MAX_LENGTH = 80;

export const PROFILE_MESSAGES = {
  usernameRequired: AUTH_MESSAGES.usernameRequired,
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameNoSpaces: 'Username must not contain spaces',
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  usernameTaken: 'Another admin already has this username',
  emailTaken: 'Another admin already has this e-mail address',
  updated: 'Profile saved.',
} as const;

/** A username as stored: trimmed, lower case (logins match it without regard to case), no spaces. */
export const usernameSchema = safeText(z.string({ error: PROFILE_MESSAGES.usernameRequired }), 'Username')
  .trim()
  .toLowerCase()
  .min(1, PROFILE_MESSAGES.usernameRequired)
  .max(USERNAME_MAX_LENGTH, PROFILE_MESSAGES.usernameTooLong)
  .regex(/^\S+$/, PROFILE_MESSAGES.usernameNoSpaces);

/** Optional: empty (or null) clears it, and the username is shown instead. */
export const displayNameSchema = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value),
  safeText(z.string({ error: 'Display name must be text' }), 'Display name')
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, PROFILE_MESSAGES.displayNameTooLong)
    .nullable(),
);

/** The account menu's Profile form and `PATCH /api/admin/me`: the whole profile, proven by the current password. */
export const updateProfileSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  displayName: displayNameSchema,
  currentPassword: requiredText(AUTH_MESSAGES.currentPasswordRequired, 'Current password'),
});

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** `PUT /api/admin/me/setup-checklist`. */
export const setupChecklistSchema = z.strictObject({
  dismissed: z.boolean({ error: 'dismissed must be true or false' }),
});

/**
 * The 429 message for a locked login: says how long to wait, never why (the same words whether the
 * pair, the address or an unknown username is locked).
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `Too many login attempts. Please try again in ${wait}.`;
}

// Two-factor login (docs/decisions/041-two-factor-login.md).

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeOrRecoveryRequired: 'Enter a code from your authenticator app or a recovery code',
  wrongCode: 'That code is not valid. Check your authenticator app and try again.',
  usedRecoveryCode: 'This recovery code has already been used. Enter another one, or a code from your authenticator app.',
  pendingExpired: 'Your login took too long. Please enter your password again.',
  notStarted: 'Start the setup again: no pending two-factor setup was found.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on.',
} as const;

/** Recovery codes: ten of them, ten characters from an alphabet without look-alikes (0/o, 1/l/i). */
export const RECOVERY_CODE_COUNT = 10;

const codeText = (message: string) => safeText(z.string({ error: message }).trim().min(1, message).max(64, message), 'Code');

/** A TOTP code or a recovery code, as typed (spaces and dashes allowed). */
export const twoFactorLoginSchema = z.object({
  pendingToken: safeText(
    z.string({ error: TWO_FACTOR_MESSAGES.pendingExpired }).min(1, TWO_FACTOR_MESSAGES.pendingExpired).max(1000),
    'Token',
  ),
  code: codeText(TWO_FACTOR_MESSAGES.codeOrRecoveryRequired),
});

/** Confirming enrolment takes a code from the app only: it proves the app holds the secret. */
export const confirmTwoFactorSchema = z.object({
  code: codeText(TWO_FACTOR_MESSAGES.codeRequired).regex(/^\d{3} ?\d{3}$/, TWO_FACTOR_MESSAGES.codeRequired),
});

export const disableTwoFactorSchema = z.object({
  password: requiredText(AUTH_MESSAGES.currentPasswordRequired, 'Password'),
  code: codeText(TWO_FACTOR_MESSAGES.codeOrRecoveryRequired),
});

/** What the password step answers: signed in, or a code is due (no session yet). */
export type LoginAnswer = { admin: AdminProfile } | { twoFactorRequired: true; pendingToken: string };

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** A started enrolment: the secret as base32 (the manual key), its otpauth URI and that URI as an SVG QR code. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** The manual key as people copy it: groups of four. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
