import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { objectKeyFromPath } from '#common/object-keys.ts';
import type { PublicSample } from '#common/samples.ts';
import type { Database, Sample } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { AudioUploadService } from './audio-uploads.ts';
import { toPublicSample } from './queries.ts';
import type { SampleAnalysisScheduler } from './service.ts';

/** How long a restore token works. The dashboard offers Undo for the toast's 5 s; this leaves slack. */
export const UNDO_WINDOW_MS = 60_000;
/** The audio object outlives the token, so a restore never finds its file gone. */
export const RELEASE_AFTER_MS = UNDO_WINDOW_MS + 30_000;

interface TokenPayload {
  row: Sample;
  exp: number;
}

export type TrashOutcome = { kind: 'trashed'; restoreToken: string; expiresAt: string } | { kind: 'not-found' };

export type RestoreOutcome =
  | { kind: 'restored'; sample: PublicSample }
  /** Forged, malformed or not a token at all. */
  | { kind: 'invalid-token' }
  | { kind: 'expired' }
  | { kind: 'audio-gone' }
  | { kind: 'already-restored' };

/**
 * Deletes a sample so that it can be put back exactly (same id, order, dates, analysis) for a short
 * while. The deleted row travels in an HMAC-signed token, so any instance can restore it without
 * shared state; the audio object is released only after the token has expired (if no sample uses it).
 */
export class SampleTrash {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: AudioUploadService,
    private readonly analysis: SampleAnalysisScheduler,
    private readonly secret: string,
    private readonly logger: Logger,
    private readonly schedule: (work: () => void, delayMs: number) => void = (work, delayMs) => setTimeout(work, delayMs).unref(),
  ) {}

  private sign(encoded: string): string {
    return createHmac('sha256', this.secret).update(`sample-undo:${encoded}`).digest('base64url');
  }

  async delete(id: number, now = Date.now()): Promise<TrashOutcome> {
    const row = await this.db.deleteFrom('samples').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return { kind: 'not-found' };
    const exp = now + UNDO_WINDOW_MS;
    const encoded = Buffer.from(JSON.stringify({ row, exp } satisfies TokenPayload)).toString('base64url');
    this.schedule(() => {
      this.uploads
        .releaseIfUnused(row.audioUrl)
        .catch((error: unknown) => this.logger.warn({ err: error, audioUrl: row.audioUrl }, 'could not release audio of a deleted sample'));
    }, RELEASE_AFTER_MS);
    return { kind: 'trashed', restoreToken: `${encoded}.${this.sign(encoded)}`, expiresAt: new Date(exp).toISOString() };
  }

  /** The payload of a token this server signed, or null for anything else. */
  private readToken(token: unknown): TokenPayload | null {
    if (typeof token !== 'string' || token.length > 200_000) return null;
    const [encoded, signature, ...rest] = token.split('.');
    if (!encoded || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(encoded));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TokenPayload;
  }

  async restore(token: unknown, now = Date.now()): Promise<RestoreOutcome> {
    const payload = this.readToken(token);
    if (!payload) return { kind: 'invalid-token' };
    if (payload.exp < now) return { kind: 'expired' };
    const { row } = payload;
    if (objectKeyFromPath(row.audioUrl) && !(await this.uploads.isRegistered(row.audioUrl))) return { kind: 'audio-gone' };
    const taken = await this.db.selectFrom('samples').select('id').where('id', '=', row.id).executeTakeFirst();
    if (taken) return { kind: 'already-restored' };
    const restored = await this.db.insertInto('samples').values(row).returningAll().executeTakeFirstOrThrow();
    // Deleted before its analysis finished: analyse it again.
    if (restored.peaks === null && restored.durationSeconds === null) this.analysis.schedule(restored.id);
    return { kind: 'restored', sample: toPublicSample(restored) };
  }
}
