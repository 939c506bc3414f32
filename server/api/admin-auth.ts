import { Router } from 'express';
import { AUTH_MESSAGES, changePasswordSchema, forgotPasswordSchema, loginSchema, resetPasswordSchema } from '#common/admin-auth.ts';
import { changeAdminPassword } from '#server/auth/change-password.ts';
import { attemptLogin } from '#server/auth/login.ts';
import { requestPasswordReset, resetPassword } from '#server/auth/password-reset.ts';
import { clearSessionCookie, setSessionCookie } from '#server/auth/session-cookie.ts';
import { createSession, destroySession } from '#server/auth/session-store.ts';
import type { Services } from '#server/context.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';

function tooManyAttempts(retryAfterSeconds: number) {
  return new HttpError(429, AUTH_MESSAGES.tooManyAttempts, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** Login, logout, the current admin, password reset and change. */
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

  router.post('/admin/login', async (req, res) => {
    const input = parseBody(loginSchema, req.body);
    const outcome = await attemptLogin(db, input, clientIp(req));
    if (outcome.kind === 'locked') throw tooManyAttempts(outcome.retryAfterSeconds);
    if (outcome.kind === 'invalid') throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
    // A fresh id on every login: a session id planted before login is never promoted (fixation).
    if (res.locals.sessionId) await destroySession(db, res.locals.sessionId as string);
    const session = await createSession(db, outcome.admin.id);
    setSessionCookie(req, res, session.token, config.SESSION_SECRET, session.maxAgeMs);
    req.log?.info({ adminId: outcome.admin.id }, 'admin logged in');
    res.json({ admin: outcome.admin });
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
    if (!(await resetPassword(services, token, password))) throw new HttpError(400, AUTH_MESSAGES.invalidResetToken);
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
        throw new HttpError(401, 'Unauthorized');
      case 'locked':
        throw tooManyAttempts(outcome.retryAfterSeconds);
      case 'wrong-current-password':
        throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong, { currentPassword: [AUTH_MESSAGES.currentPasswordWrong] });
      case 'changed':
        res.json({ message: 'Password changed. Your other sessions have been logged out.' });
    }
  });

  return router;
}
