import type { Kysely } from 'kysely';
import { emailSchema, newPasswordSchema } from '#common/admin-auth.ts';
import type { PersonalFacts } from '#common/password-strength.ts';
import type { Database } from '#server/db/schema.ts';
import {
  createAdmin,
  findAdminByEmail,
  findAdminByUsername,
  listAdmins,
  setAdminActive,
  setAdminEmail,
  setAdminPassword,
} from './admin-users.ts';
import { randomPassword, removeInitialPasswordFile } from './first-admin.ts';
import { liftAccountLocks } from './login-guard.ts';
import { weakPasswordReason } from './password-policy.ts';
import { removeTwoFactor } from './two-factor.ts';

export const ADMIN_CLI_USAGE = `Usage: npm run admin -- <command> [arguments]

  list                                   all admin accounts
  create <username> <email> [password]   new admin account
  set-password <username> [password]     new password; ends the account's sessions and reset links, lifts its login locks
  set-email <username> <email>           new e-mail address (where reset links go); ends reset links sent to the old one
  deactivate <username>                  refuse logins and end the account's sessions
  activate <username>                    allow logins again
  reset-2fa <username>                   turn two-factor login off (lost authenticator and recovery codes)

Instead of a password argument you may pass --password-stdin (read one line from standard input);
with neither, a random 20-character password is generated and printed once.
Works on the database the site uses (DATABASE_URL, or the SQLite file in DATA_DIR), also while the
site is running.`;

export interface CliIo {
  out(line: string): void;
  readStdin(): Promise<string>;
  /** DATA_DIR, where the first admin's generated password file is removed once it is replaced. */
  dataDir?: string;
  /** The studio's name, so a password made of it is refused; without it the account's own facts still count. */
  studioName?: () => Promise<string | null>;
}

export class CliError extends Error {}

/** The password given (judged like one set in the admin), or a random one when none was given. */
async function passwordFrom(
  args: string[],
  io: CliIo,
  account: Omit<PersonalFacts, 'studioName'>,
): Promise<{ password: string; generated: boolean }> {
  let password: string | undefined = args.find((arg) => !arg.startsWith('--'));
  if (args.includes('--password-stdin')) password = (await io.readStdin()).split(/\r?\n/)[0];
  if (password === undefined) return { password: randomPassword(), generated: true };
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) throw new CliError(checked.error.issues[0]!.message);
  const studioName = (await io.studioName?.().catch(() => null)) ?? null;
  const weak = await weakPasswordReason(password, { ...account, studioName });
  if (weak) throw new CliError(`Weak password: ${weak}`);
  return { password, generated: false };
}

async function requireAdminNamed(db: Kysely<Database>, username: string | undefined) {
  if (!username) throw new CliError('A username is required.');
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new CliError(`No admin account named "${username}".`);
  return admin;
}

/** Runs one CLI command against a database; scripts/admin.ts wires it to the configured one. */
export async function runAdminCli(db: Kysely<Database>, argv: string[], io: CliIo): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'list': {
      const admins = await listAdmins(db);
      if (admins.length === 0) io.out('No admin accounts.');
      for (const admin of admins) {
        const state = admin.isActive === 1 ? 'active' : 'inactive';
        io.out(`${admin.id}\t${admin.username}\t${admin.email}\t${state}\tlast login: ${admin.lastLogin ?? 'never'}`);
      }
      return;
    }
    case 'create': {
      const [username, email, ...rest] = args;
      if (!username || !email) throw new CliError('Usage: create <username> <email> [password]');
      const checkedEmail = emailSchema.safeParse(email);
      if (!checkedEmail.success) throw new CliError(checkedEmail.error.issues[0]!.message);
      if ((await findAdminByUsername(db, username)) || (await findAdminByEmail(db, checkedEmail.data))) {
        throw new CliError('An admin with that username or e-mail already exists.');
      }
      const { password, generated } = await passwordFrom(rest, io, { username, email: checkedEmail.data });
      const admin = await createAdmin(db, { username, email: checkedEmail.data, password });
      io.out(`Created admin "${admin.username}" (id ${admin.id}).`);
      if (generated) io.out(`Password: ${password}`);
      return;
    }
    case 'set-password': {
      const admin = await requireAdminNamed(db, args[0]);
      const { username, email, displayName, firstName, lastName } = admin;
      const { password, generated } = await passwordFrom(args.slice(1), io, { username, email, displayName, firstName, lastName });
      await setAdminPassword(db, admin.id, password);
      // Like a reset by e-mail: the locks others caused on this account go with the old password.
      await liftAccountLocks(db, admin.username);
      if (io.dataDir) await removeInitialPasswordFile(io.dataDir, admin.username);
      io.out(`Password of "${admin.username}" changed; its sessions were ended and its login locks lifted.`);
      if (generated) io.out(`Password: ${password}`);
      return;
    }
    case 'set-email': {
      const [username, email] = args;
      if (!username || !email) throw new CliError('Usage: set-email <username> <email>');
      const admin = await requireAdminNamed(db, username);
      const checkedEmail = emailSchema.safeParse(email);
      if (!checkedEmail.success) throw new CliError(checkedEmail.error.issues[0]!.message);
      if (!(await setAdminEmail(db, admin.id, checkedEmail.data))) throw new CliError('Another admin already has that e-mail address.');
      io.out(`E-mail of "${admin.username}" is now ${checkedEmail.data}; password reset links go there.`);
      return;
    }
    case 'deactivate':
    case 'activate': {
      const admin = await requireAdminNamed(db, args[0]);
      await setAdminActive(db, admin.id, command === 'activate');
      io.out(`Admin "${admin.username}" is now ${command === 'activate' ? 'active' : 'inactive'}.`);
      return;
    }
    case 'reset-2fa': {
      const admin = await requireAdminNamed(db, args[0]);
      const removed = await removeTwoFactor(db, admin.id);
      io.out(
        removed
          ? `Two-factor login of "${admin.username}" is off and its recovery codes are deleted; ` +
              'it logs in with the password alone until it enrols again.'
          : `"${admin.username}" has no two-factor login; nothing changed.`,
      );
      return;
    }
    default:
      throw new CliError(
        command && command !== 'help' && command !== '--help' ? `Unknown command "${command}".\n\n${ADMIN_CLI_USAGE}` : ADMIN_CLI_USAGE,
      );
  }
}
