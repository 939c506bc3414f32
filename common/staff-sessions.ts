import type { StaffRole } from './staff-roles.ts';
import { z } from './zod.ts';

/*
 * A staff member's sessions (issue 43, decision 117): what the Sessions view and the staff page show,
 * and the owner's per-role rule that two-factor is required. The device is named from the browser's
 * user agent, the place is the sign-in address shortened as the review-link log keeps it (no lookup
 * of a city: that would be a guess sent to a third party).
 */

export interface StaffSession {
  id: string;
  /** "Chrome on macOS", or "Unknown browser" when the browser did not say. */
  device: string;
  /** The shortened address it signed in from ("203.0.113.0/24"), or "Unknown". */
  place: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session this request came with. */
  current: boolean;
}

export interface StaffSessionList {
  sessions: StaffSession[];
}

/** The owner's rule: which roles must use two-factor. */
export type RequiredTwoFactor = Record<StaffRole, boolean>;

const required = (role: StaffRole) => z.boolean({ error: `Say whether the ${role} role needs two-factor (true or false)` });
export const requiredTwoFactorSchema = z
  .object({ owner: required('owner'), engineer: required('engineer'), assistant: required('assistant') })
  .strict() satisfies z.ZodType<RequiredTwoFactor>;

/** A session id as the API hands them out: 16 url-safe characters (also what a forged id is held to). */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/);

export const SESSION_MESSAGES = {
  notFound: 'No session of yours has this id.',
  personNotFound: 'No one on the staff has this id.',
  ended: 'Session ended.',
  othersEnded: 'Your other sessions have ended.',
  /** The 403 of every admin request (but two-factor setup and signing out) while required setup is missing. */
  setupRequired: 'Your role requires two-factor authentication: set it up before doing anything else.',
  requiredCannotDisable: 'Your role requires two-factor authentication: it cannot be turned off.',
} as const;

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPad/, 'iPadOS'],
  [/iPhone|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The browser and system a user agent names, in plain words ("Firefox on Windows"). */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}
