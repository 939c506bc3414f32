import type { Kysely } from 'kysely';
import { STAFF_NOTICE_KINDS, type StaffNoticeChoices, type StaffNoticeKind } from '#common/staff-notices.ts';
import type { Database } from '#server/db/schema.ts';

/*
 * Which of the studio's notices each person gets by e-mail (decision 121): a row for each kind they
 * turned off, none for what they get, so a new kind reaches everyone until they say otherwise.
 */

export async function noticeChoicesOf(db: Kysely<Database>, adminUserId: number): Promise<StaffNoticeChoices> {
  const off = await db.selectFrom('staffNoticeOptOuts').select('kind').where('adminUserId', '=', adminUserId).execute();
  const turnedOff = new Set(off.map((row) => row.kind));
  return Object.fromEntries(STAFF_NOTICE_KINDS.map((kind) => [kind, !turnedOff.has(kind)])) as StaffNoticeChoices;
}

/** Turns the kinds named on or off, in one transaction; the kinds not named stay as they were. */
export async function chooseNotices(
  db: Kysely<Database>,
  adminUserId: number,
  choices: Partial<StaffNoticeChoices>,
): Promise<StaffNoticeChoices> {
  await db.transaction().execute(async (trx) => {
    for (const kind of STAFF_NOTICE_KINDS) {
      const wanted = choices[kind];
      if (wanted === undefined) continue;
      await trx.deleteFrom('staffNoticeOptOuts').where('adminUserId', '=', adminUserId).where('kind', '=', kind).execute();
      if (!wanted) await trx.insertInto('staffNoticeOptOuts').values({ adminUserId, kind, createdAt: new Date().toISOString() }).execute();
    }
  });
  return noticeChoicesOf(db, adminUserId);
}

/**
 * Where a notice of `kind` for this person goes, read when it is sent: their address while they are
 * on the staff, signed in to it (joined, not suspended) and have not turned the kind off; else null.
 */
export async function staffNoticeAddress(db: Kysely<Database>, adminUserId: number, kind: StaffNoticeKind): Promise<string | null> {
  const person = await db
    .selectFrom('adminUsers')
    .select('email')
    .where('id', '=', adminUserId)
    .where('isActive', '=', 1)
    .where('removedAt', 'is', null)
    .where('joinedAt', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('staffNoticeOptOuts')
            .select('kind')
            .where('staffNoticeOptOuts.adminUserId', '=', adminUserId)
            .where('kind', '=', kind),
        ),
      ),
    )
    .executeTakeFirst();
  return person?.email ?? null;
}
