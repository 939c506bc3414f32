import type { Kysely } from 'kysely';
import type { PublicSample, SampleInput } from '#common/samples.ts';
import type { FieldErrors } from '#common/validation.ts';
import type { Database } from '#server/db/schema.ts';
import type { AudioUploadService } from './audio-uploads.ts';
import { toPublicSample } from './queries.ts';
import { streamColumns, type StreamingCopies } from './streaming-copies.ts';

export interface SampleAnalysisScheduler {
  schedule(sampleId: number): void;
}

export type SampleWriteOutcome =
  | { kind: 'saved'; sample: PublicSample }
  | { kind: 'not-found' }
  /** The audio URL names an object path that is not a registered upload. */
  | { kind: 'invalid'; errors: FieldErrors };

export type ReorderOutcome = { kind: 'reordered' } | { kind: 'unknown-sample'; id: number };

const unregisteredAudio: SampleWriteOutcome = { kind: 'invalid', errors: { audioUrl: ['Audio file is not a registered upload'] } };

/** Thrown inside the reorder transaction only to roll it back; answered as an outcome. */
class UnknownSampleRollback extends Error {
  constructor(readonly id: number) {
    super(`unknown sample ${id}`);
  }
}

const columns = (input: SampleInput) => ({
  title: input.title,
  artist: input.artist ?? null,
  genre: input.genre ?? null,
  description: input.description ?? null,
  audioUrl: input.audioUrl,
  coverImageUrl: input.coverImageUrl ?? null,
  duration: input.duration ?? null,
});

/** Sample writes. Every write is committed before it returns, so both lists show it at once. */
export class SampleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: AudioUploadService,
    private readonly analysis: SampleAnalysisScheduler,
    private readonly copies: StreamingCopies,
  ) {}

  private async isUsableAudio(audioUrl: string): Promise<boolean> {
    return !audioUrl.startsWith('/objects/') || (await this.uploads.isRegistered(audioUrl));
  }

  /** The input with a streaming copy's path (as the lists give it out) read as its original's. */
  private async withOriginalAudio(input: SampleInput): Promise<SampleInput> {
    const original = await this.copies.originalPathOf(input.audioUrl);
    return original ? { ...input, audioUrl: original } : input;
  }

  async create(given: SampleInput): Promise<SampleWriteOutcome> {
    const input = await this.withOriginalAudio(given);
    if (!(await this.isUsableAudio(input.audioUrl))) return unregisteredAudio;
    const now = new Date().toISOString();
    const row = await this.db
      .insertInto('samples')
      .values({ ...columns(input), createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.analysis.schedule(row.id);
    return { kind: 'saved', sample: toPublicSample(row) };
  }

  /**
   * Replaces the editable fields (an omitted optional field is cleared, as the form omits empty ones).
   * A streaming copy's path means its original: the admin's form sends back the path it was given.
   */
  async update(id: number, given: SampleInput): Promise<SampleWriteOutcome> {
    const input = await this.withOriginalAudio(given);
    const existing = await this.db
      .selectFrom('samples')
      .select(['audioUrl', 'streamKey'])
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!existing) return { kind: 'not-found' };
    const audioChanged = existing.audioUrl !== input.audioUrl;
    if (audioChanged && !(await this.isUsableAudio(input.audioUrl))) return unregisteredAudio;
    const row = await this.db
      .updateTable('samples')
      .set({
        ...columns(input),
        updatedAt: new Date().toISOString(),
        // New audio makes a demo sample the owner's own, and needs its own analysis and copy.
        ...(audioChanged ? { durationSeconds: null, peaks: null, isDemo: 0, ...streamColumns(null) } : {}),
      })
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
    // Trashed or removed since it was read.
    if (!row) return { kind: 'not-found' };
    if (audioChanged) {
      await this.copies.release(existing.streamKey, existing.audioUrl);
      await this.uploads.releaseIfUnused(existing.audioUrl);
      this.analysis.schedule(id);
    }
    return { kind: 'saved', sample: toPublicSample(row) };
  }

  /** Where the original master is, trashed samples too (the owner's way to it, decision 087); null for no such sample. */
  async originalAudioUrl(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('samples').select('audioUrl').where('id', '=', id).executeTakeFirst();
    return row?.audioUrl ?? null;
  }

  /**
   * Deletes a live sample and its audio (when no other sample uses it) at once, bypassing the trash:
   * the API's DELETE contract. False when there is no such live sample.
   */
  async delete(id: number): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('samples')
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .returning(['audioUrl', 'streamKey'])
      .executeTakeFirst();
    if (!removed) return false;
    await this.copies.release(removed.streamKey, removed.audioUrl);
    await this.uploads.releaseIfUnused(removed.audioUrl);
    return true;
  }

  /** Applies a whole new order in one transaction: an unknown (or trashed) id changes nothing. */
  async reorder(orders: Array<{ id: number; displayOrder: number }>): Promise<ReorderOutcome> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        for (const { id, displayOrder } of orders) {
          const result = await trx
            .updateTable('samples')
            .set({ displayOrder, updatedAt: now })
            .where('id', '=', id)
            .where('deletedAt', 'is', null)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new UnknownSampleRollback(id);
        }
      });
      return { kind: 'reordered' };
    } catch (error) {
      if (error instanceof UnknownSampleRollback) return { kind: 'unknown-sample', id: error.id };
      throw error;
    }
  }
}
