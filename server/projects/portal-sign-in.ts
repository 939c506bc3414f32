import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import { projectsOpenTo } from './client-sessions.ts';
import { queueProjectEmail } from './project-emails.ts';

const WINDOW_MS = 60 * 60 * 1000;
export const SIGN_IN_PER_EMAIL_LIMIT = 5;
export const SIGN_IN_PER_IP_LIMIT = 20;

/**
 * A client asks for a new sign-in link from /portal. The caller answers the same words at once,
 * before any of this runs, so neither the answer nor its timing says whether the address is known.
 * Within the limits, a known address gets a link through the project e-mails (sent at least once).
 */
export async function requestSignInLink(
  deps: { db: Kysely<Database>; logger: Logger; sendSoon: () => void },
  email: string,
  ip: string,
): Promise<void> {
  const { db, logger } = deps;
  const perEmail = await hitRateLimit(db, { key: `portal-sign-in:email:${email}`, limit: SIGN_IN_PER_EMAIL_LIMIT, windowMs: WINDOW_MS });
  const perIp = await hitRateLimit(db, { key: `portal-sign-in:ip:${ip}`, limit: SIGN_IN_PER_IP_LIMIT, windowMs: WINDOW_MS });
  if (!perEmail.allowed || !perIp.allowed) {
    logger.warn({ ip }, 'portal sign-in request over the limit: nothing sent');
    return;
  }
  // The link goes out with the newest open project; an address with none gets nothing.
  const project = await projectsOpenTo(db, email).select(['id', 'clientEmail']).orderBy('updatedAt', 'desc').executeTakeFirst();
  if (!project) return;
  // A collaborator's link goes to them, not to the project's client.
  await queueProjectEmail(db, project.id, 'sign_in', new Date(), project.clientEmail === email ? null : email);
  deps.sendSoon();
}
