import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { RECOVERY_CODE_COUNT } from '#common/admin-auth.ts';
import type { Database } from '#server/db/schema.ts';
import { keyedHash } from '#server/crypto/secret-box.ts';

// 32 symbols (5 bits each) without i, l, o, u; ten of them make 50 random bits per code.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `xxxxx-xxxxx`: what the admin writes down. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** As typed: any case, with or without the dash or spaces. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^0-9a-z]/g, '');

const looksLikeRecoveryCode = (code: string) => /^[0-9a-z]{10}$/.test(normaliseRecoveryCode(code));

const hashCode = (code: string, sessionSecret: string) => keyedHash(normaliseRecoveryCode(code), sessionSecret, 'recovery-code');

/** Replaces the admin's recovery codes with ten new ones; answers them in plain text, once. */
export async function replaceRecoveryCodes(trx: Transaction<Database>, adminId: number, sessionSecret: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom('adminRecoveryCodes').where('adminUserId', '=', adminId).execute();
  const createdAt = new Date().toISOString();
  await trx
    .insertInto('adminRecoveryCodes')
    .values(codes.map((code) => ({ adminUserId: adminId, codeHash: hashCode(code, sessionSecret), createdAt })))
    .execute();
  return codes;
}

export type RecoveryCodeUse = 'spent' | 'already-used' | 'no-match';

/**
 * Spends one code of this admin. `used_at IS NULL` in the WHERE makes two concurrent uses of one
 * code succeed once; the loser, like anyone typing a code crossed off before, hears 'already-used'.
 */
export async function spendRecoveryCode(
  db: Kysely<Database>,
  adminId: number,
  code: string,
  sessionSecret: string,
): Promise<RecoveryCodeUse> {
  if (!looksLikeRecoveryCode(code)) return 'no-match';
  const codeHash = hashCode(code, sessionSecret);
  const spent = await db
    .updateTable('adminRecoveryCodes')
    .set({ usedAt: new Date().toISOString() })
    .where('adminUserId', '=', adminId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (spent) return 'spent';
  const used = await db
    .selectFrom('adminRecoveryCodes')
    .select('id')
    .where('adminUserId', '=', adminId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is not', null)
    .executeTakeFirst();
  return used ? 'already-used' : 'no-match';
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, adminId: number): Promise<number> {
  const row = await db
    .selectFrom('adminRecoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('adminUserId', '=', adminId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
