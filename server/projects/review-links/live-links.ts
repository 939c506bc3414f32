import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { isTokenShape, tokenHashOf } from '#server/crypto/secret-tokens.ts';

/** A link that may be used now: known, not revoked, not expired. */
export interface LiveLink {
  id: number;
  projectId: number;
  trackId: number;
  passwordHash: string | null;
  opens: number;
  trackTitle: string;
  /** The listener hears the watermarked copy (decision 101). */
  watermark: boolean;
}

/**
 * The link behind a token, or null. Unknown, expired and revoked all read the same: the listener (or
 * someone guessing) learns nothing about which (decision 082). Read on every request, so revoking
 * takes effect at once.
 */
export async function liveLink(db: Kysely<Database>, token: string, now = new Date()): Promise<LiveLink | null> {
  if (!isTokenShape(token)) return null;
  const row = await db
    .selectFrom('reviewLinks')
    .innerJoin('projectTracks', 'projectTracks.id', 'reviewLinks.trackId')
    .select([
      'reviewLinks.id',
      'reviewLinks.projectId',
      'reviewLinks.trackId',
      'reviewLinks.passwordHash',
      'reviewLinks.opens',
      'reviewLinks.expiresAt',
      'reviewLinks.watermark',
      'projectTracks.title as trackTitle',
    ])
    .where('reviewLinks.tokenHash', '=', tokenHashOf(token))
    .where('reviewLinks.revokedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expiresAt !== null && new Date(row.expiresAt).getTime() <= now.getTime()) return null;
  return {
    id: row.id,
    projectId: row.projectId,
    trackId: row.trackId,
    passwordHash: row.passwordHash,
    opens: row.opens,
    trackTitle: row.trackTitle,
    watermark: row.watermark === 1,
  };
}
