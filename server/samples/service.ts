import type { Kysely } from 'kysely';
import type { PublicSample, SampleInput } from '#common/samples.ts';
import type { Database } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http/errors.ts';
import type { UploadService } from '#server/storage/uploads.ts';
import { findSample, toPublicSample } from './queries.ts';

export interface SampleAnalysisScheduler {
  schedule(sampleId: number): void;
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
    private readonly uploads: UploadService,
    private readonly analysis: SampleAnalysisScheduler,
  ) {}

  private async assertUsableAudio(audioUrl: string): Promise<void> {
    if (audioUrl.startsWith('/objects/') && !(await this.uploads.isRegistered(audioUrl))) {
      throw new HttpError(400, 'Invalid sample', { audioUrl: ['Audio file is not a registered upload'] });
    }
  }

  async create(input: SampleInput): Promise<PublicSample> {
    await this.assertUsableAudio(input.audioUrl);
    const now = new Date().toISOString();
    const row = await this.db
      .insertInto('samples')
      .values({ ...columns(input), createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.analysis.schedule(row.id);
    return toPublicSample(row);
  }

  /** Replaces the editable fields (an omitted optional field is cleared, as the form omits empty ones). */
  async update(id: number, input: SampleInput): Promise<PublicSample> {
    const existing = await findSample(this.db, id);
    if (!existing) throw notFound('Sample not found');
    const audioChanged = existing.audioUrl !== input.audioUrl;
    if (audioChanged) await this.assertUsableAudio(input.audioUrl);
    const row = await this.db
      .updateTable('samples')
      .set({
        ...columns(input),
        updatedAt: new Date().toISOString(),
        ...(audioChanged ? { durationSeconds: null, peaks: null } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (audioChanged) {
      await this.uploads.releaseIfUnused(existing.audioUrl);
      this.analysis.schedule(id);
    }
    return toPublicSample(row);
  }

  async delete(id: number): Promise<void> {
    const existing = await findSample(this.db, id);
    if (!existing) throw notFound('Sample not found');
    await this.db.deleteFrom('samples').where('id', '=', id).execute();
    await this.uploads.releaseIfUnused(existing.audioUrl);
  }

  /** Applies a whole new order in one transaction: an unknown id changes nothing. */
  async reorder(orders: Array<{ id: number; displayOrder: number }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      for (const { id, displayOrder } of orders) {
        const result = await trx.updateTable('samples').set({ displayOrder, updatedAt: now }).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1)
          throw new HttpError(404, `Sample ${id} not found`, { sampleOrders: [`Unknown sample id ${id}`] });
      }
    });
  }
}
