import { Router } from 'express';
import { AUTH_MESSAGES, setupChecklistSchema, updateProfileSchema, type AdminProfile } from '#common/admin-auth.ts';
import { staffNoticeChoicesSchema } from '#common/staff-notices.ts';
import { chooseNotices, noticeChoicesOf } from '#server/auth/staff-notices.ts';
import { setSetupChecklistDismissed, updateAdminProfile } from '#server/auth/update-profile.ts';
import type { Services } from '#server/context.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError } from '#server/http/errors.ts';
import { requireAdmin, sessionEnded } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';
import { tooManyAttempts } from './admin-auth.ts';

const signedInAdmin = (locals: Record<string, unknown>) => locals.admin as AdminProfile;

/** The signed-in admin's own profile (username, e-mail, display name) and first-run state. */
export function adminProfileRouter(services: Services): Router {
  const router = Router();

  router.patch('/admin/me', requireAdmin, async (req, res) => {
    const input = parseBody(updateProfileSchema, req.body);
    const outcome = await updateAdminProfile(services, { adminId: signedInAdmin(res.locals).id, ip: clientIp(req), input });
    switch (outcome.kind) {
      case 'unknown-admin':
        throw sessionEnded();
      case 'locked':
        throw tooManyAttempts(outcome.retryAfterSeconds);
      case 'wrong-current-password':
        throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong, { currentPassword: [AUTH_MESSAGES.currentPasswordWrong] });
      case 'taken':
        throw new HttpError(409, Object.values(outcome.errors)[0]![0]!, outcome.errors);
      case 'updated':
        res.set('Cache-Control', 'no-store').json(outcome.admin);
    }
  });

  router.put('/admin/me/setup-checklist', requireAdmin, async (req, res) => {
    const { dismissed } = parseBody(setupChecklistSchema, req.body);
    const admin = await setSetupChecklistDismissed(services.db, signedInAdmin(res.locals).id, dismissed);
    if (!admin) throw sessionEnded();
    res.set('Cache-Control', 'no-store').json(admin);
  });

  // Which of the studio's notices this person gets by e-mail (decision 121).
  router.get('/admin/me/notices', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ choices: await noticeChoicesOf(services.db, signedInAdmin(res.locals).id) });
  });

  router.put('/admin/me/notices', requireAdmin, async (req, res) => {
    const choices = parseBody(staffNoticeChoicesSchema, req.body);
    res.set('Cache-Control', 'no-store').json({ choices: await chooseNotices(services.db, signedInAdmin(res.locals).id, choices) });
  });

  return router;
}
