import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum in
 * the typings, which isolated modules cannot read, hence the literal: 2 = Argon2id.
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when there is no account to check against, so the response
 * time does not tell an attacker which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}
