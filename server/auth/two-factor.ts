import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { TwoFactorSetup, TwoFactorStatus } from '#common/admin-auth.ts';
import type { CoreServices, MailingServices, StudioIdentitySource } from '#server/core-services.ts';
import type { AdminUser, Database } from '#server/db/schema.ts';
import { mailInBackground, twoFactorOffEmail, twoFactorOnEmail } from './auth-emails.ts';
import { beginLoginAttempt, loginAttemptFailed, loginAttemptSucceeded } from './login-guard.ts';
import { verifyPassword } from './passwords.ts';
import { countUnusedRecoveryCodes, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.ts';
import { seal, unseal } from '#server/crypto/secret-box.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

type Services = Pick<CoreServices, 'db' | 'config'>;
type Locked = { kind: 'locked'; retryAfterSeconds: number };

const enrolmentOf = (db: Kysely<Database>, adminId: number) =>
  db.selectFrom('adminTwoFactor').selectAll().where('adminUserId', '=', adminId).executeTakeFirst();
type Enrolment = NonNullable<Awaited<ReturnType<typeof enrolmentOf>>>;

/** True when logins of this admin need a code after the password. */
export async function isTwoFactorEnabled(db: Kysely<Database>, adminId: number): Promise<boolean> {
  return Boolean((await enrolmentOf(db, adminId))?.confirmedAt);
}

export async function twoFactorStatus(db: Kysely<Database>, adminId: number): Promise<TwoFactorStatus> {
  const enabled = await isTwoFactorEnabled(db, adminId);
  return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, adminId) : 0 };
}

export type SecondFactorCheck =
  | { kind: 'app-code' }
  | { kind: 'recovery-code' }
  /** A recovery code of this admin that was spent before: said as such, and still a failed attempt. */
  | { kind: 'used-recovery-code' }
  | { kind: 'wrong' };

/**
 * A TOTP code (refused when its step was already used: the step is claimed in the same statement,
 * so two requests with one code cannot both pass) or an unused recovery code.
 */
export async function checkSecondFactor(services: Services, adminId: number, code: string, now = new Date()): Promise<SecondFactorCheck> {
  return codeMatches(services, await enrolmentOf(services.db, adminId), code, now);
}

/** checkSecondFactor against an enrolment the caller has already read. */
async function codeMatches(
  { db, config }: Services,
  enrolment: Enrolment | undefined,
  code: string,
  now = new Date(),
): Promise<SecondFactorCheck> {
  if (!enrolment?.confirmedAt) return { kind: 'wrong' };
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const secret = unseal(enrolment.secret, config.SESSION_SECRET);
    const step = secret === null ? null : matchTotp(secret, typed, now, enrolment.lastUsedStep);
    return { kind: step !== null && (await claimStep(db, enrolment, step)) ? 'app-code' : 'wrong' };
  }
  const use = await spendRecoveryCode(db, enrolment.adminUserId, code, config.SESSION_SECRET);
  return { kind: use === 'spent' ? 'recovery-code' : use === 'already-used' ? 'used-recovery-code' : 'wrong' };
}

// Only on the enrolment the code was matched against: one removed or replaced meanwhile does not take it.
async function claimStep(db: Kysely<Database>, enrolment: Enrolment, step: number): Promise<boolean> {
  const claimed = await db
    .updateTable('adminTwoFactor')
    .set({ lastUsedStep: step })
    .where('adminUserId', '=', enrolment.adminUserId)
    .where('secret', '=', enrolment.secret)
    .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
    .returning('adminUserId')
    .executeTakeFirst();
  return Boolean(claimed);
}

const SETUP_REUSE_MS = 30 * 60 * 1000;

export type StartEnrolmentOutcome = ({ kind: 'started' } & TwoFactorSetup) | { kind: 'already-enabled' };

/**
 * The secret to add to the app, kept sealed and unconfirmed until a code proves the app has it.
 * Opening the setup again within SETUP_REUSE_MS shows the same unconfirmed secret, so an app that
 * already scanned it stays right; otherwise (or when it cannot be unsealed any more) a new one is
 * made, so a secret that was on screen long ago is not the one that gets confirmed.
 */
export async function startEnrolment(
  { db, config, studioIdentity }: Services & StudioIdentitySource,
  admin: Pick<AdminUser, 'id' | 'username'>,
): Promise<StartEnrolmentOutcome> {
  const existing = await enrolmentOf(db, admin.id);
  if (existing?.confirmedAt) return { kind: 'already-enabled' };
  const recent = existing && Date.now() - new Date(existing.createdAt).getTime() < SETUP_REUSE_MS;
  let secret = recent ? unseal(existing.secret, config.SESSION_SECRET) : null;
  if (secret === null) {
    secret = newTotpSecret();
    const sealed = seal(secret, config.SESSION_SECRET);
    const createdAt = new Date().toISOString();
    await db
      .insertInto('adminTwoFactor')
      .values({ adminUserId: admin.id, secret: sealed, confirmedAt: null, lastUsedStep: null, createdAt })
      .onConflict((oc) =>
        oc
          .column('adminUserId')
          .doUpdateSet({ secret: sealed, lastUsedStep: null, createdAt })
          .where('adminTwoFactor.confirmedAt', 'is', null),
      )
      .execute();
  }
  // The issuer is what the authenticator app lists the code under: the studio's name as the owner set it.
  const otpauthUrl = otpauthUri(secret, (await studioIdentity()).name, admin.username);
  const qrSvg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return { kind: 'started', secret, otpauthUrl, qrSvg };
}

export type ConfirmEnrolmentOutcome =
  { kind: 'confirmed'; recoveryCodes: string[] } | { kind: 'not-started' } | { kind: 'already-enabled' } | { kind: 'wrong-code' } | Locked;

/**
 * The first code from the app turns two-factor on and issues the recovery codes, shown this once;
 * the owner's address is told once it is stored.
 */
export async function confirmEnrolment(
  services: MailingServices,
  admin: Pick<AdminUser, 'id' | 'username' | 'email'>,
  code: string,
  ip: string,
  now = new Date(),
): Promise<ConfirmEnrolmentOutcome> {
  const { db, config } = services;
  const enrolment = await enrolmentOf(db, admin.id);
  if (!enrolment) return { kind: 'not-started' };
  if (enrolment.confirmedAt) return { kind: 'already-enabled' };
  const attempt = await beginLoginAttempt(db, admin.username, ip, now);
  if (attempt.kind === 'locked') return attempt;
  const secret = unseal(enrolment.secret, config.SESSION_SECRET);
  const step = secret === null ? null : matchTotp(secret, code.replace(/\s/g, ''), now, null);
  if (step === null) {
    await loginAttemptFailed(db, admin.username, now);
    return { kind: 'wrong-code' };
  }
  await loginAttemptSucceeded(db, admin.username, ip);
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable('adminTwoFactor')
      .set({ confirmedAt: now.toISOString(), lastUsedStep: step })
      .where('adminUserId', '=', admin.id)
      .where('confirmedAt', 'is', null)
      .where('secret', '=', enrolment.secret)
      .returning('adminUserId')
      .executeTakeFirst();
    return confirmed ? replaceRecoveryCodes(trx, admin.id, config.SESSION_SECRET) : null;
  });
  // Another tab restarted or finished the setup meanwhile: this secret is no longer the one stored.
  if (!recoveryCodes) return { kind: 'not-started' };
  mailInBackground(services, 'two-factor on notice', (site) => twoFactorOnEmail(admin.email, admin.username, now, site));
  return { kind: 'confirmed', recoveryCodes };
}

export type DisableOutcome =
  | { kind: 'disabled' }
  | { kind: 'not-enabled' }
  | { kind: 'wrong-password' }
  | { kind: 'wrong-code' }
  | { kind: 'used-recovery-code' }
  | Locked;

/** Turning it off takes the password and a code (or a recovery code), counted like a login; the owner's address is told. */
export async function disableTwoFactor(
  services: MailingServices,
  admin: Pick<AdminUser, 'id' | 'username' | 'email' | 'password'>,
  input: { password: string; code: string },
  ip: string,
): Promise<DisableOutcome> {
  const { db } = services;
  const enrolment = await enrolmentOf(db, admin.id);
  if (!enrolment?.confirmedAt) return { kind: 'not-enabled' };
  const attempt = await beginLoginAttempt(db, admin.username, ip);
  if (attempt.kind === 'locked') return attempt;
  let failed: DisableOutcome | null = null;
  if (!(await verifyPassword(admin.password, input.password))) failed = { kind: 'wrong-password' };
  else {
    const check = await codeMatches(services, enrolment, input.code);
    if (check.kind === 'wrong') failed = { kind: 'wrong-code' };
    if (check.kind === 'used-recovery-code') failed = check;
  }
  if (failed) {
    await loginAttemptFailed(db, admin.username);
    return failed;
  }
  await loginAttemptSucceeded(db, admin.username, ip);
  await removeTwoFactor(db, admin.id);
  const now = new Date();
  mailInBackground(services, 'two-factor off notice', (site) => twoFactorOffEmail(admin.email, admin.username, now, site));
  return { kind: 'disabled' };
}

/** Removes the enrolment and recovery codes (disable, and the CLI's reset-2fa); true when there was one. */
export async function removeTwoFactor(db: Kysely<Database>, adminId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('adminRecoveryCodes').where('adminUserId', '=', adminId).execute();
    const removed = await trx.deleteFrom('adminTwoFactor').where('adminUserId', '=', adminId).returning('adminUserId').executeTakeFirst();
    return Boolean(removed);
  });
}
