import { randomInt } from 'node:crypto';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseServices, StudioIdentitySource } from '#server/core-services.ts';
import { PASSWORD_MIN_LENGTH, PLACEHOLDER_ADMIN_EMAIL } from '#common/admin-auth.ts';
import { countAdmins, createAdmin, normaliseIdentifier } from './admin-users.ts';
import { personalFactsOf, weakPasswordReason } from './password-policy.ts';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password.txt';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A password without look-alike characters (0/O, 1/l/I), so it can be typed from a printout. */
export function randomPassword(length = 20): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/**
 * A new site needs a way in. When there is no admin yet, create one from ADMIN_USERNAME /
 * ADMIN_EMAIL / ADMIN_PASSWORD (a short or guessable ADMIN_PASSWORD stops the start), or else `admin`
 * with a random password kept in DATA_DIR (mode 0600) until the owner changes it; the log names the
 * file, never the password (logs are shipped and kept). Several instances starting together race on
 * the unique username; the loser simply finds the admin there.
 */
export async function ensureInitialAdmin(services: DatabaseServices & StudioIdentitySource): Promise<void> {
  const { db, config, logger } = services;
  if ((await countAdmins(db)) > 0) return;
  const username = config.ADMIN_USERNAME ?? 'admin';
  const email = config.ADMIN_EMAIL ?? config.STUDIO_EMAIL ?? PLACEHOLDER_ADMIN_EMAIL;
  if (config.ADMIN_PASSWORD && config.ADMIN_PASSWORD.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (config.ADMIN_PASSWORD) {
    // The one account that guards everything starts with a password nobody could guess, or not at all.
    const weak = await weakPasswordReason(config.ADMIN_PASSWORD, await personalFactsOf({ username, email }, services));
    if (weak) throw new Error(`ADMIN_PASSWORD is too easy to guess: ${weak}`);
  }
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? randomPassword();
  try {
    await createAdmin(db, { username, email, password });
  } catch (error) {
    if ((await countAdmins(db)) > 0) return;
    throw error;
  }
  if (!generated) {
    logger.info({ username }, 'created the first admin account from ADMIN_USERNAME / ADMIN_PASSWORD');
    return;
  }
  const file = path.join(config.DATA_DIR, INITIAL_PASSWORD_FILE);
  await writeFile(
    file,
    [
      `Admin username: ${username}`,
      `Admin password: ${password}`,
      '',
      'Log in at /manage and change this password from the account menu (or run',
      `\`npm run admin -- set-password ${username}\`); this file is deleted when you do.`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  logger.warn({ username, file }, 'created the first admin account with a random password: read it from the file, then change it');
}

/**
 * The first admin's username and the file holding their generated password, while that file is
 * there (until they choose a password of their own): for the start-up banner, never the password.
 */
export async function initialPasswordHint(dataDir: string): Promise<{ username: string; file: string } | null> {
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
  const text = await readFile(file, 'utf8').catch(() => null);
  const username = text?.match(/^Admin username: (.+)$/m)?.[1];
  return username === undefined ? null : { username, file };
}

/**
 * Once the first admin has a password of their own, the generated one is of no use and must not lie
 * around: the file goes. Called by every way a password changes (the account menu, a reset link,
 * `npm run admin -- set-password`); it leaves the file alone when it belongs to another admin.
 */
export async function removeInitialPasswordFile(dataDir: string, username: string): Promise<void> {
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
  const text = await readFile(file, 'utf8').catch(() => null);
  const owner = text?.match(/^Admin username: (.+)$/m)?.[1];
  if (owner !== undefined && normaliseIdentifier(owner) === normaliseIdentifier(username)) await unlink(file).catch(() => {});
}

/**
 * The first admin renamed themselves before replacing the generated password: the file now names the
 * new username, so it still goes once that account's password changes (and still says how to log in).
 */
export async function renameInitialPasswordFileOwner(dataDir: string, oldUsername: string, newUsername: string): Promise<void> {
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
  const text = await readFile(file, 'utf8').catch(() => null);
  const owner = text?.match(/^Admin username: (.+)$/m)?.[1];
  if (text === null || text === undefined || owner === undefined || normaliseIdentifier(owner) !== normaliseIdentifier(oldUsername)) return;
  const renamed = text
    .replace(/^Admin username: .+$/m, `Admin username: ${newUsername}`)
    .replace(`set-password ${owner}\``, `set-password ${newUsername}\``);
  await writeFile(file, renamed, { mode: 0o600 });
}
