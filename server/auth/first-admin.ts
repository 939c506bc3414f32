import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '#server/context.ts';
import { PASSWORD_MIN_LENGTH } from '#common/admin-auth.ts';
import { countAdmins, createAdmin } from './admin-users.ts';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password.txt';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A password without look-alike characters (0/O, 1/l/I), so it can be typed from a printout. */
export function randomPassword(length = 20): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/**
 * A new site needs a way in. When there is no admin yet, create one from ADMIN_USERNAME /
 * ADMIN_EMAIL / ADMIN_PASSWORD, or else `admin` with a random password that is shown once in the log
 * and kept in DATA_DIR (mode 0600) until the owner changes it. Several instances starting together
 * race on the unique username; the loser simply finds the admin there.
 */
export async function ensureInitialAdmin({ db, config, logger }: Services): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const username = config.ADMIN_USERNAME ?? 'admin';
  const email = config.ADMIN_EMAIL ?? config.STUDIO_EMAIL ?? 'admin@localhost.localdomain';
  if (config.ADMIN_PASSWORD && config.ADMIN_PASSWORD.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`);
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
      `\`npm run admin -- set-password ${username}\`), then delete this file.`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  // Printed once, on purpose: the owner needs it to get in the first time.
  logger.warn({ username, password, file }, 'created the first admin account with a random password: change it after logging in');
}
