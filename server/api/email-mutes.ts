import express, { Router } from 'express';
import { MUTE_INTENTS, ONE_CLICK_BODY, type MuteIntent } from '#common/email-mutes.ts';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import { noStore } from '#server/http/no-store.ts';

/** A mute form holds a word or two; a one-click post, RFC 8058's one field. */
const MUTE_BODY_LIMIT = '4kb';

/**
 * What a post to a mute link asks: RFC 8058's one-click body (`List-Unsubscribe=One-Click`, URL-encoded
 * or as a multipart field) from a mail app, or the page's button (`intent=mute|unmute`).
 */
function intentOf(body: string): { intent: MuteIntent; oneClick: boolean } | null {
  const oneClick =
    new URLSearchParams(body).get('List-Unsubscribe') === ONE_CLICK_BODY ||
    new RegExp(`name="List-Unsubscribe"\\r?\\n\\r?\\n${ONE_CLICK_BODY}\\r?\\n`).test(body);
  if (oneClick) return { intent: 'mute', oneClick };
  const intent = new URLSearchParams(body).get('intent');
  return MUTE_INTENTS.includes(intent as MuteIntent) ? { intent: intent as MuteIntent, oneClick } : null;
}

/**
 * `POST /mute/{token}` (decision 102): the mute link of a project e-mail. A mail app's one-click
 * unsubscribe posts here without a cookie or an Origin, so nothing but the link's signature is asked
 * for; the page at the same address (its GET, a React Router page) shows the state and a button, and
 * its post comes back to the page. A GET never mutes: link scanners fetch every link of a message.
 */
export function emailMuteRoutes(services: Services): Router {
  const router = Router();
  router.post('/mute/:token', express.text({ type: () => true, limit: MUTE_BODY_LIMIT }), async (req, res) => {
    res.set('Referrer-Policy', 'no-referrer');
    const asked = intentOf(typeof req.body === 'string' ? req.body : '');
    if (!asked) throw new HttpError(400, 'Say whether to mute or unmute: intent=mute or intent=unmute');
    const outcome = await services.projects.emailMutes.set(String(req.params.token), asked.intent === 'mute');
    if (outcome.kind === 'not-found') throw new HttpError(404, 'This link is not valid');
    if (asked.oneClick) {
      noStore(res).json({ muted: outcome.view.muted });
      return;
    }
    noStore(res).redirect(303, `/mute/${encodeURIComponent(String(req.params.token))}`);
  });
  return router;
}
