import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newsletterSignUpSchema, type NewsletterSummary } from '#common/newsletter.ts';
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD } from '#common/contact.ts';
import type { MailingServices } from '#server/core-services.ts';
import type { Database } from '#server/db/schema.ts';
import { caughtAsSpam } from '#server/cookies/form-token.ts';
import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';
import { validate, type FieldErrors } from '#common/validation.ts';
import { CONTACT_RATE_WINDOW_MS } from './receive-submission.ts';
import { composeConfirmation } from './newsletter-mail.ts';

/*
 * The newsletter list (decision 118). A sign-up is judged as a contact message is (the same per-IP
 * limit, honeypot and form stamp), then answered alike whatever the address: new, waiting, on the
 * list or gone. Only a new or a left address gets a confirmation e-mail, and one address gets at
 * most CONFIRMATIONS_PER_DAY, so the form cannot be used to flood someone's inbox.
 */
const CONFIRMATIONS_PER_DAY = 3;
const DAY_MS = 86_400_000;

const newToken = () => randomBytes(32).toString('base64url');
/** What newToken makes (32 bytes, base64url): anything else is no link of ours and reaches no query (PostgreSQL refuses a NUL byte). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SignUpOutcome =
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** Every other case, told apart only in the log; `mailed` settles once a confirmation (if any) was handed over (tests wait on it). */
  | { kind: 'accepted'; mailed: Promise<void> };

export interface SignUpIntake {
  body: unknown;
  formStamp?: string;
  ip: string;
  publicUrl: string;
  now?: Date;
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;

/** A confirmation token for this address when it should get one now, else null (on the list already, or mailed enough today). */
async function pendingToken(db: Kysely<Database>, email: string, now: Date): Promise<string | null> {
  const row = await db.selectFrom('newsletterSubscribers').select(['id', 'status']).where('email', '=', email).executeTakeFirst();
  if (row?.status === 'confirmed') return null;
  const mailed = await hitRateLimit(db, { key: `newsletter:email:${email}`, limit: CONFIRMATIONS_PER_DAY, windowMs: DAY_MS }, now);
  if (!mailed.allowed) return null;
  const token = newToken();
  const at = now.toISOString();
  if (row) {
    await db
      .updateTable('newsletterSubscribers')
      .set({ status: 'pending', confirmTokenHash: hashToken(token), unsubscribedAt: null, updatedAt: at })
      .where('id', '=', row.id)
      .execute();
  } else {
    await db
      .insertInto('newsletterSubscribers')
      .values({ email, confirmTokenHash: hashToken(token), unsubscribeToken: newToken(), createdAt: at, updatedAt: at })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }
  return token;
}

export async function signUpForNewsletter(services: MailingServices, intake: SignUpIntake): Promise<SignUpOutcome> {
  const now = intake.now ?? new Date();
  const parsed = validate(newsletterSignUpSchema, intake.body);
  if (!parsed.success) return { kind: 'invalid', errors: parsed.errors };
  const limit = await hitRateLimit(
    services.db,
    { key: `newsletter:ip:${intake.ip}`, limit: services.config.CONTACT_RATE_LIMIT, windowMs: CONTACT_RATE_WINDOW_MS },
    now,
  );
  if (!limit.allowed) return { kind: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds };
  const token = field(intake.body, CONTACT_FORM_TOKEN_FIELD) || intake.formStamp;
  const spam = caughtAsSpam(services.config.SESSION_SECRET, field(intake.body, CONTACT_HONEYPOT_FIELD), token, now.getTime());
  if (spam) {
    services.logger.info({ ip: intake.ip, reason: spam }, 'newsletter sign-up caught as spam; answered alike');
    return { kind: 'accepted', mailed: Promise.resolve() };
  }
  const { email } = parsed.data;
  const confirmToken = await pendingToken(services.db, email, now);
  if (!confirmToken) return { kind: 'accepted', mailed: Promise.resolve() };
  const unsubscribe = await unsubscribeTokenOf(services.db, email);
  // Not awaited: the answer must take as long for a known address as for a new one.
  const mailed = services
    .studioIdentity()
    .then((studio) => services.mailer.send(composeConfirmation(email, studio.name, intake.publicUrl, confirmToken, unsubscribe)))
    .catch((error: unknown) => services.logger.error({ err: error }, 'newsletter confirmation not sent'));
  return { kind: 'accepted', mailed };
}

async function unsubscribeTokenOf(db: Kysely<Database>, email: string): Promise<string> {
  const row = await db.selectFrom('newsletterSubscribers').select('unsubscribeToken').where('email', '=', email).executeTakeFirstOrThrow();
  return row.unsubscribeToken;
}

export type LinkOutcome = { kind: 'done'; email: string; unsubscribeToken: string } | { kind: 'not-found' };

/** The confirmation link: the address is on the list from now on. A used or replaced link is not found. */
export async function confirmNewsletter(db: Kysely<Database>, token: string, now = new Date()): Promise<LinkOutcome> {
  if (!TOKEN_SHAPE.test(token)) return { kind: 'not-found' };
  const row = await db
    .updateTable('newsletterSubscribers')
    .set({ status: 'confirmed', confirmTokenHash: null, confirmedAt: now.toISOString(), updatedAt: now.toISOString() })
    .where('confirmTokenHash', '=', hashToken(token))
    .returning(['email', 'unsubscribeToken'])
    .executeTakeFirst();
  return row ? { kind: 'done', ...row } : { kind: 'not-found' };
}

/** The one-click link: off the list, whatever it was (opening it twice says the same). */
export async function unsubscribeNewsletter(db: Kysely<Database>, token: string, now = new Date()): Promise<LinkOutcome> {
  if (!TOKEN_SHAPE.test(token)) return { kind: 'not-found' };
  const row = await db
    .updateTable('newsletterSubscribers')
    .set({ status: 'unsubscribed', confirmTokenHash: null, unsubscribedAt: now.toISOString(), updatedAt: now.toISOString() })
    .where('unsubscribeToken', '=', token)
    .returning(['email', 'unsubscribeToken'])
    .executeTakeFirst();
  return row ? { kind: 'done', ...row } : { kind: 'not-found' };
}

export async function newsletterSummary(db: Kysely<Database>): Promise<NewsletterSummary> {
  const rows = await db
    .selectFrom('newsletterSubscribers')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { confirmed: count('confirmed'), pending: count('pending') };
}

/** The confirmed addresses, oldest first, with the unsubscribe link each later e-mail must carry. */
export async function confirmedSubscribers(db: Kysely<Database>) {
  return db
    .selectFrom('newsletterSubscribers')
    .select(['email', 'confirmedAt', 'unsubscribeToken'])
    .where('status', '=', 'confirmed')
    .orderBy('confirmedAt')
    .orderBy('id')
    .execute();
}
