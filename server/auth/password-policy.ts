import { checkPasswordStrength, type PersonalFacts } from '#common/password-strength.ts';
import type { StudioIdentitySource } from '#server/core-services.ts';
import type { AdminUser } from '#server/db/schema.ts';

/** What an admin is known by, with the studio's name: a new password made of them is refused as guessable. */
export async function personalFactsOf(
  admin: Partial<Pick<AdminUser, 'username' | 'email' | 'displayName' | 'firstName' | 'lastName'>>,
  { studioIdentity }: StudioIdentitySource,
): Promise<PersonalFacts> {
  const studioName = await studioIdentity()
    .then((studio) => studio.name)
    .catch(() => null);
  // Named one by one: a whole row would hand zxcvbn the password hash and the rest as "words".
  const { username, email, displayName, firstName, lastName } = admin;
  return { username, email, displayName, firstName, lastName, studioName };
}

/**
 * Null when the password may be set; otherwise why not, in one line. Every way a password is set
 * (the first admin, a reset link, the account menu, the CLI) asks here, after the length rule.
 */
export async function weakPasswordReason(password: string, facts: PersonalFacts): Promise<string | null> {
  const strength = await checkPasswordStrength(password, facts);
  return strength.acceptable ? null : strength.reason;
}
