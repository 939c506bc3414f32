import { Router } from 'express';
import type { Request, Response } from 'express';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  tooManyAttemptsMessage,
  TWO_FACTOR_MESSAGES,
  twoFactorLoginSchema,
  type LoginAnswer,
  type AdminProfile,
} from '#common/admin-auth.ts';
import { SESSION_MESSAGES } from '#common/staff-sessions.ts';
import { findAdminById } from '#server/auth/admin-users.ts';
import { changeAdminPassword } from '#server/auth/change-password.ts';
import { attemptLogin, completeTwoFactorLogin } from '#server/auth/login.ts';
import { requestPasswordReset, resetPassword } from '#server/auth/password-reset.ts';
import { roleRequiresTwoFactor } from '#server/auth/required-two-factor.ts';
import { clearSessionCookie, setSessionCookie } from '#server/auth/session-cookie.ts';
import { createSession, destroySession } from '#server/auth/session-store.ts';
import { confirmEnrolment, disableTwoFactor, startEnrolment, twoFactorStatus } from '#server/auth/two-factor.ts';
import type { Services } from '#server/context.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError } from '#server/http/errors.ts';
import { requireAdmin, sessionEnded } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';
import { sessionDeviceOf } from './admin-sessions.ts';

export function tooManyAttempts(retryAfterSeconds: number) {
  return new HttpError(429, tooManyAttemptsMessage(retryAfterSeconds), undefined, { 'Retry-After': String(retryAfterSeconds) });
}

const signedInAdmin = (res: Response) => res.locals.admin as AdminProfile;
/** 401 at the login's code step (no session yet), 400 for a signed-in admin's form. */
const wrongCode = (status: 400 | 401, message: string = TWO_FACTOR_MESSAGES.wrongCode) =>
  new HttpError(status, message, { code: [message] });
/** A new password refused as guessable, under the field it was typed in. */
const weakPassword = (field: 'password' | 'newPassword', reason: string) => new HttpError(400, reason, { [field]: [reason] });

/** Login (with its two-factor step), logout, the current admin, password reset and change, two-factor enrolment. */
export function adminAuthRouter(services: Services): Router {
  const { db, config } = services;
  const router = Router();
  // Answers about who is signed in must never be cached by a browser or a proxy.
  router.use(['/auth', '/admin'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/auth/user', (_req, res) => {
    if (!res.locals.admin) throw new HttpError(401, 'Unauthorized');
    res.json(res.locals.admin);
  });

  router.get('/admin/me', requireAdmin, (_req, res) => {
    res.json(res.locals.admin);
  });

  /** A fresh session id on every login: a session id planted before login is never promoted (fixation). */
  async function signIn(req: Request, res: Response, admin: AdminProfile) {
    if (res.locals.sessionId) await destroySession(db, res.locals.sessionId as string);
    const session = await createSession(db, admin.id, sessionDeviceOf(req));
    setSessionCookie(req, res, session.token, config.SESSION_SECRET, session.maxAgeMs);
    req.log?.info({ adminId: admin.id }, 'admin logged in');
    res.json({ admin } satisfies LoginAnswer);
  }

  router.post('/admin/login', async (req, res) => {
    const input = parseBody(loginSchema, req.body);
    const outcome = await attemptLogin(services, input, clientIp(req));
    if (outcome.kind === 'locked') throw tooManyAttempts(outcome.retryAfterSeconds);
    if (outcome.kind === 'invalid') throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
    if (outcome.kind === 'two-factor-required') {
      res.json({ twoFactorRequired: true, pendingToken: outcome.pendingToken } satisfies LoginAnswer);
      return;
    }
    await signIn(req, res, outcome.admin);
  });

  router.post('/admin/login/two-factor', async (req, res) => {
    const input = parseBody(twoFactorLoginSchema, req.body);
    const outcome = await completeTwoFactorLogin(services, input, clientIp(req));
    switch (outcome.kind) {
      case 'locked':
        throw tooManyAttempts(outcome.retryAfterSeconds);
      case 'expired':
        throw new HttpError(401, TWO_FACTOR_MESSAGES.pendingExpired);
      case 'invalid':
        throw wrongCode(401);
      case 'used-recovery-code':
        throw wrongCode(401, TWO_FACTOR_MESSAGES.usedRecoveryCode);
      case 'ok':
        await signIn(req, res, outcome.admin);
    }
  });

  router.post('/admin/logout', async (req, res) => {
    if (res.locals.sessionId) await destroySession(db, res.locals.sessionId as string);
    clearSessionCookie(req, res);
    res.json({ message: 'Logged out' });
  });

  router.post('/admin/forgot-password', async (req, res) => {
    const { email } = parseBody(forgotPasswordSchema, req.body);
    await requestPasswordReset(services, email, clientIp(req));
    res.json({ message: AUTH_MESSAGES.resetEmailSent });
  });

  router.post('/admin/reset-password', async (req, res) => {
    const { token, password } = parseBody(resetPasswordSchema, req.body);
    const outcome = await resetPassword(services, token, password, clientIp(req));
    if (outcome.kind === 'invalid-link') throw new HttpError(400, AUTH_MESSAGES.invalidResetToken);
    if (outcome.kind === 'weak-password') throw weakPassword('password', outcome.reason);
    // The browser that used the link may hold a session of its own; it ended with the others.
    clearSessionCookie(req, res);
    res.json({ message: 'Password updated. You can now log in with your new password.' });
  });

  router.post('/admin/change-password', requireAdmin, async (req, res) => {
    const input = parseBody(changePasswordSchema, req.body);
    const outcome = await changeAdminPassword(services, {
      adminId: (res.locals.admin as { id: number }).id,
      sessionId: res.locals.sessionId as string | undefined,
      ip: clientIp(req),
      input,
    });
    switch (outcome.kind) {
      case 'unknown-admin':
        throw sessionEnded();
      case 'locked':
        throw tooManyAttempts(outcome.retryAfterSeconds);
      case 'wrong-current-password':
        throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong, { currentPassword: [AUTH_MESSAGES.currentPasswordWrong] });
      case 'weak-password':
        throw weakPassword('newPassword', outcome.reason);
      case 'changed':
        res.json({ message: 'Password changed. Your other sessions have been logged out.' });
    }
  });

  twoFactorRoutes(router, services);
  return router;
}

/** The signed-in admin's two-factor enrolment: its state, setup, confirmation with a code, and turning it off. */
function twoFactorRoutes(router: Router, services: Services): void {
  const { db } = services;
  router.get('/admin/two-factor', requireAdmin, async (_req, res) => {
    res.json(await twoFactorStatus(db, signedInAdmin(res).id));
  });

  router.post('/admin/two-factor/setup', requireAdmin, async (_req, res) => {
    // Read again: the enrolment row refers to the account, which may have gone since the session was read.
    const admin = await findAdminById(db, signedInAdmin(res).id);
    if (!admin) throw sessionEnded();
    const outcome = await startEnrolment(services, admin);
    if (outcome.kind === 'already-enabled') throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
    const { kind: _kind, ...setup } = outcome;
    res.json(setup);
  });

  router.post('/admin/two-factor/confirm', requireAdmin, async (req, res) => {
    const { code } = parseBody(confirmTwoFactorSchema, req.body);
    const outcome = await confirmEnrolment(services, signedInAdmin(res), code, clientIp(req));
    switch (outcome.kind) {
      case 'locked':
        throw tooManyAttempts(outcome.retryAfterSeconds);
      case 'not-started':
        throw new HttpError(409, TWO_FACTOR_MESSAGES.notStarted);
      case 'already-enabled':
        throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
      case 'wrong-code':
        throw wrongCode(400);
      case 'confirmed':
        res.json({ recoveryCodes: outcome.recoveryCodes });
    }
  });

  router.post('/admin/two-factor/disable', requireAdmin, async (req, res) => {
    const input = parseBody(disableTwoFactorSchema, req.body);
    const admin = await findAdminById(db, signedInAdmin(res).id);
    if (!admin) throw sessionEnded();
    // The owner's rule (decision 117): a role that requires two-factor keeps it.
    if (await roleRequiresTwoFactor(db, admin.role)) throw new HttpError(409, SESSION_MESSAGES.requiredCannotDisable);
    const outcome = await disableTwoFactor(services, admin, input, clientIp(req));
    switch (outcome.kind) {
      case 'locked':
        throw tooManyAttempts(outcome.retryAfterSeconds);
      case 'not-enabled':
        throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
      case 'wrong-password':
        throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong, { password: [AUTH_MESSAGES.currentPasswordWrong] });
      case 'wrong-code':
        throw wrongCode(400);
      case 'used-recovery-code':
        throw wrongCode(400, TWO_FACTOR_MESSAGES.usedRecoveryCode);
      case 'disabled':
        res.json({ message: 'Two-factor authentication is off.' });
    }
  });
}
