import type { Kysely } from 'kysely';
import { emailSchema, newPasswordSchema } from '#common/admin-auth.ts';
import type { PersonalFacts } from '#common/password-strength.ts';
import { STAFF_MESSAGES } from '#common/staff.ts';
import { staffRoleSchema } from '#common/staff-roles.ts';
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
import { changeStaffMember, removeStaffMember } from './staff.ts';
import { removeTwoFactor } from './two-factor.ts';

/** One `npm run admin` command: its arguments as usage shows them, what it does, how many it needs. */
interface AdminCommand {
  name: string;
  arguments: string;
  summary: string;
  required: number;
  /** Needs no database at all. */
  noDatabase?: boolean;
}

const COMMANDS: AdminCommand[] = [
  { name: 'list', arguments: '', summary: 'all admin accounts', required: 0 },
  { name: 'create', arguments: '<username> <email> [password]', summary: 'new admin account', required: 2 },
  {
    name: 'set-password',
    arguments: '<username> [password]',
    summary: "new password; ends the account's sessions and reset links, lifts its login locks",
    required: 1,
  },
  {
    name: 'set-email',
    arguments: '<username> <email>',
    summary: 'new e-mail address (where reset links go); ends reset links sent to the old one',
    required: 2,
  },
  { name: 'deactivate', arguments: '<username>', summary: "refuse logins and end the account's sessions", required: 1 },
  { name: 'suspend', arguments: '<username>', summary: 'the same as deactivate, in the staff page’s word', required: 1 },
  { name: 'activate', arguments: '<username>', summary: 'allow logins again', required: 1 },
  { name: 'role', arguments: '<username> <role>', summary: 'a new role: owner, engineer or assistant', required: 2 },
  { name: 'remove', arguments: '<username>', summary: 'off the staff: no more logins; what they made stays credited to them', required: 1 },
  {
    name: 'reset-2fa',
    arguments: '<username>',
    summary: 'turn two-factor login off (lost authenticator and recovery codes)',
    required: 1,
  },
  {
    name: 'test-mail',
    arguments: '<email>',
    summary: 'send a test e-mail the way the site sends mail (SMTP_URL, or the outbox folder) and say where it went',
    required: 1,
    noDatabase: true,
  },
];

const usageLine = (command: AdminCommand) => `${command.name} ${command.arguments}`.trim();
const PASSWORD_NOTE = `Instead of a password argument you may pass --password-stdin (read one line from standard input);
with neither, a random 20-character password is generated and printed once.`;

export const ADMIN_CLI_USAGE = `Usage: npm run admin -- <command> [arguments]

${COMMANDS.map((command) => `  ${usageLine(command).padEnd(37)}  ${command.summary}`).join('\n')}

${PASSWORD_NOTE}
Works on the database the site uses (DATABASE_URL, or the SQLite file in DATA_DIR), also while the
site is running; it never migrates it (\`npm run db:migrate\` does). -h or --help after a command
shows its usage; --version prints the site's version.

Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong arguments.`;

/** `--help` or `-h` anywhere: the usage is shown and nothing else happens. */
export const asksForHelp = (argv: readonly string[]) => argv.includes('--help') || argv.includes('-h') || argv[0] === 'help';

/** The usage of one command (`npm run admin -- create --help`), or of all of them. */
export function adminHelp(argv: readonly string[]): string {
  const command = COMMANDS.find((candidate) => candidate.name === argv[0]);
  if (!command) return ADMIN_CLI_USAGE;
  const passwordNote = command.arguments.includes('[password]') ? `\n\n${PASSWORD_NOTE}` : '';
  return `Usage: npm run admin -- ${usageLine(command)}\n\n${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.${passwordNote}`;
}

/** The command argv names, once its arguments are complete: a usage error (exit 2) otherwise. */
export function adminCommand(argv: readonly string[]): AdminCommand {
  const [name, ...args] = argv;
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!name) throw new UsageError(ADMIN_CLI_USAGE);
  if (!command) throw new UsageError(`Unknown command "${name}".\n\n${ADMIN_CLI_USAGE}`);
  const given = args.filter((arg) => !arg.startsWith('--'));
  if (given.length < command.required) {
    throw new UsageError(
      command.required === 1 && command.arguments.startsWith('<username>') ? 'A username is required.' : `Usage: ${usageLine(command)}`,
    );
  }
  return command;
}

export interface CliIo {
  out(line: string): void;
  readStdin(): Promise<string>;
  /** DATA_DIR, where the first admin's generated password file is removed once it is replaced. */
  dataDir?: string;
  /** The studio's name, so a password made of it is refused; without it the account's own facts still count. */
  studioName?: () => Promise<string | null>;
}

/** A refusal or failure a person can act on: its message on stderr, exit code 1. */
export class CliError extends Error {
  readonly exitCode: number = 1;
}

/** Wrong arguments: the message (with the usage) on stderr, exit code 2, nothing changed. */
export class UsageError extends CliError {
  override readonly exitCode = 2;
}

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
  adminCommand(argv);
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
      const checkedEmail = emailSchema.safeParse(email);
      if (!checkedEmail.success) throw new UsageError(checkedEmail.error.issues[0]!.message);
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
      const checkedEmail = emailSchema.safeParse(email);
      if (!checkedEmail.success) throw new UsageError(checkedEmail.error.issues[0]!.message);
      const admin = await requireAdminNamed(db, username);
      if (!(await setAdminEmail(db, admin.id, checkedEmail.data))) throw new CliError('Another admin already has that e-mail address.');
      io.out(`E-mail of "${admin.username}" is now ${checkedEmail.data}; password reset links go there.`);
      return;
    }
    case 'deactivate':
    case 'suspend':
    case 'activate': {
      const admin = await requireAdminNamed(db, args[0]);
      const active = command === 'activate';
      // The last active owner stays, as the staff API keeps them (the same words, under the same lock).
      if (!active && (await changeStaffMember(db, admin.id, { suspended: true })).kind === 'last-owner') {
        throw new CliError(STAFF_MESSAGES.lastOwner);
      }
      if (active) await setAdminActive(db, admin.id, true);
      io.out(`Admin "${admin.username}" is now ${active ? 'active' : 'inactive'}.`);
      return;
    }
    case 'role': {
      const admin = await requireAdminNamed(db, args[0]);
      const role = staffRoleSchema.safeParse(args[1]);
      if (!role.success) throw new UsageError(role.error.issues[0]!.message);
      const outcome = await changeStaffMember(db, admin.id, { role: role.data });
      if (outcome.kind === 'last-owner') throw new CliError(STAFF_MESSAGES.lastOwner);
      if (outcome.kind !== 'changed') throw new CliError(`No admin account named "${args[0]}".`);
      io.out(`Admin "${admin.username}" is now an ${role.data}.`);
      return;
    }
    case 'remove': {
      const admin = await requireAdminNamed(db, args[0]);
      const outcome = await removeStaffMember(db, admin.id);
      if (outcome.kind === 'last-owner') throw new CliError(STAFF_MESSAGES.lastOwner);
      if (outcome.kind !== 'removed') throw new CliError(`No admin account named "${args[0]}".`);
      io.out(`Admin "${admin.username}" is off the staff; their sessions ended. What they made stays credited to them.`);
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
      // test-mail needs no database: scripts/admin.ts runs it (server/email/test-mail.ts).
      throw new UsageError(`"${command}" does not run on a database.`);
  }
}
