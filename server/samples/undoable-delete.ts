import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { objectKeyFromPath, type PublicSample } from '#common/samples.ts';
import type { Database, Sample } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http/errors.ts';
import type { Logger } from '#server/logger.ts';
import type { UploadService } from '#server/storage/uploads.ts';
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

const invalidToken = () => new HttpError(400, 'Invalid restore token', { restoreToken: ['This deletion can no longer be undone'] });

/**
 * Deletes a sample so that it can be put back exactly (same id, order, dates, analysis) for a short
 * while. The deleted row travels in an HMAC-signed token, so any instance can restore it without
 * shared state; the audio object is released only after the token has expired (if no sample uses it).
 */
export class UndoableSampleDelete {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: UploadService,
    private readonly analysis: SampleAnalysisScheduler,
    private readonly secret: string,
    private readonly logger: Logger,
    private readonly schedule: (work: () => void, delayMs: number) => void = (work, delayMs) => setTimeout(work, delayMs).unref(),
  ) {}

  private sign(encoded: string): string {
    return createHmac('sha256', this.secret).update(`sample-undo:${encoded}`).digest('base64url');
  }

  async delete(id: number, now = Date.now()): Promise<{ restoreToken: string; expiresAt: string }> {
    const row = await this.db.deleteFrom('samples').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound('Sample not found');
    const exp = now + UNDO_WINDOW_MS;
    const encoded = Buffer.from(JSON.stringify({ row, exp } satisfies TokenPayload)).toString('base64url');
    this.schedule(() => {
      this.uploads
        .releaseIfUnused(row.audioUrl)
        .catch((error: unknown) => this.logger.warn({ err: error, audioUrl: row.audioUrl }, 'could not release audio of a deleted sample'));
    }, RELEASE_AFTER_MS);
    return { restoreToken: `${encoded}.${this.sign(encoded)}`, expiresAt: new Date(exp).toISOString() };
  }

  private readToken(token: unknown, now: number): Sample {
    if (typeof token !== 'string' || token.length > 200_000) throw invalidToken();
    const [encoded, signature, ...rest] = token.split('.');
    if (!encoded || !signature || rest.length > 0) throw invalidToken();
    const expected = Buffer.from(this.sign(encoded));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidToken();
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TokenPayload;
    if (payload.exp < now) throw new HttpError(410, 'The time to undo this deletion has passed', { restoreToken: ['Expired'] });
    return payload.row;
  }

  async restore(token: unknown, now = Date.now()): Promise<PublicSample> {
    const row = this.readToken(token, now);
    if (objectKeyFromPath(row.audioUrl) && !(await this.uploads.isRegistered(row.audioUrl))) {
      throw new HttpError(410, 'The audio file of this sample is gone', { restoreToken: ['Audio file no longer stored'] });
    }
    const taken = await this.db.selectFrom('samples').select('id').where('id', '=', row.id).executeTakeFirst();
    if (taken) throw new HttpError(409, 'This sample has already been restored');
    const restored = await this.db.insertInto('samples').values(row).returningAll().executeTakeFirstOrThrow();
    // Deleted before its analysis finished: analyse it again.
    if (restored.peaks === null && restored.durationSeconds === null) this.analysis.schedule(restored.id);
    return toPublicSample(restored);
  }
}
