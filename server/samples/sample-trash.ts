import type { Kysely } from 'kysely';
import { SAMPLE_TRASH_RETENTION_DAYS, type PublicSample, type TrashedSample } from '#common/samples.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { AudioUploadService } from './audio-uploads.ts';
import { toPublicSample } from './queries.ts';
import type { StreamingCopies } from './streaming-copies.ts';

export const TRASH_RETENTION_MS = SAMPLE_TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000;

export type TrashOutcome = { kind: 'trashed'; sample: TrashedSample } | { kind: 'not-found' };
export type RestoreOutcome = { kind: 'restored'; sample: PublicSample } | { kind: 'not-found' };
export type DeleteForeverOutcome = { kind: 'deleted' } | { kind: 'not-found' } | { kind: 'not-in-trash' };

const purgeAtOf = (deletedAt: string) => new Date(new Date(deletedAt).getTime() + TRASH_RETENTION_MS).toISOString();

function toTrashedSample(row: { id: number; title: string; artist: string | null; deletedAt: string | null }): TrashedSample {
  const deletedAt = new Date(row.deletedAt ?? 0).toISOString();
  return { id: row.id, title: row.title, artist: row.artist, deletedAt, purgeAt: purgeAtOf(deletedAt) };
}

/**
 * The admin's trash (decision 047). Deleting keeps the row (with its order, dates, analysis and play
 * counts) and its audio, only marked with `deleted_at`; every public read skips such rows. Restoring
 * clears the mark, so the sample is back exactly where it was. After the retention period the purge
 * removes the row and releases its audio. Every step is one conditional statement, so two instances
 * (or two tabs) doing the same thing at once do it once.
 */
export class SampleTrash {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: AudioUploadService,
    private readonly logger: Logger,
    private readonly copies: StreamingCopies,
  ) {}

  /** Moves a sample to the trash; a sample already there stays as it is (a double click trashes once). */
  async trash(id: number, now = new Date()): Promise<TrashOutcome> {
    const moved = await this.db
      .updateTable('samples')
      .set({ deletedAt: now.toISOString() })
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .returning(['id', 'title', 'artist', 'deletedAt'])
      .executeTakeFirst();
    const row =
      moved ?? (await this.db.selectFrom('samples').select(['id', 'title', 'artist', 'deletedAt']).where('id', '=', id).executeTakeFirst());
    return row ? { kind: 'trashed', sample: toTrashedSample(row) } : { kind: 'not-found' };
  }

  /** What is in the trash, most recently deleted first. */
  async list(): Promise<TrashedSample[]> {
    const rows = await this.db
      .selectFrom('samples')
      .select(['id', 'title', 'artist', 'deletedAt'])
      .where('deletedAt', 'is not', null)
      .orderBy('deletedAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toTrashedSample);
  }

  /** Puts a sample back where it was. A sample that is not in the trash is answered as it is (restoring twice is harmless). */
  async restore(id: number): Promise<RestoreOutcome> {
    const row = await this.db.updateTable('samples').set({ deletedAt: null }).where('id', '=', id).returningAll().executeTakeFirst();
    return row ? { kind: 'restored', sample: toPublicSample(row) } : { kind: 'not-found' };
  }

  /** Removes a trashed sample and its audio (original and streaming copy) now. A live sample is refused: it must be trashed first. */
  async deleteForever(id: number): Promise<DeleteForeverOutcome> {
    const removed = await this.db
      .deleteFrom('samples')
      .where('id', '=', id)
      .where('deletedAt', 'is not', null)
      .returning(['audioUrl', 'streamKey'])
      .executeTakeFirst();
    if (removed) {
      await this.copies.release(removed.streamKey, removed.audioUrl);
      await this.uploads.releaseIfUnused(removed.audioUrl);
      return { kind: 'deleted' };
    }
    const live = await this.db.selectFrom('samples').select('id').where('id', '=', id).executeTakeFirst();
    return live ? { kind: 'not-in-trash' } : { kind: 'not-found' };
  }

  /**
   * Removes samples trashed longer than the retention period, with their audio. The delete returns
   * the rows it removed, so of several instances purging at once each releases only its own rows.
   */
  async purgeExpired(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - TRASH_RETENTION_MS).toISOString();
    const removed = await this.db
      .deleteFrom('samples')
      .where('deletedAt', '<=', cutoff)
      .returning(['id', 'audioUrl', 'streamKey'])
      .execute();
    for (const { id, audioUrl, streamKey } of removed) {
      await this.copies.release(streamKey, audioUrl);
      // The row is gone either way; an audio object left behind by a failure here is only stored bytes.
      await this.uploads
        .releaseIfUnused(audioUrl)
        .catch((error: unknown) =>
          this.logger.warn({ err: error, sampleId: id, audioUrl }, 'could not release the audio of a purged sample'),
        );
    }
    return removed.length;
  }
}
