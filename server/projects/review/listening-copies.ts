import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { storeStreamingCopy } from '#server/audio/stored-copy.ts';
import { STREAM_BITRATE_KBPS, STREAM_BITRATES, type StreamBitrate, type StreamingCopyFacts } from '#server/audio/streaming-copy.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';

/** Where a version's listening copy is stored: beside the project's files, a new key per copy. */
const listeningCopyKey = (projectId: number) => `projects/${projectId}/listening/${randomUUID()}`;

/** A stored bitrate as one the encoder takes (a row from before the choice, or edited by hand, gets the default). */
const asStreamBitrate = (value: number | null | undefined): StreamBitrate =>
  STREAM_BITRATES.includes(value as StreamBitrate) ? (value as StreamBitrate) : STREAM_BITRATE_KBPS;

/**
 * The review room's listening copies (decision 101): the MP3 the client, collaborators and review
 * links play instead of a version's original, made by the samples' encoder from the decode that
 * measures the version (server/audio/file-facts.ts), at the project's bitrate. A copy goes with its
 * version's audio (retention), is made again when the owner changes the bitrate, and is made at start
 * for every version without one. While one is made, the share decoded is kept here, in this
 * process: the room shows it (another instance's request sees "being prepared" without a share).
 */
export class ListeningCopies {
  private readonly progress = new Map<number, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ObjectStore,
    private readonly logger: Logger,
  ) {}

  /** The share of the version's original decoded into its copy so far, while this process makes it; null otherwise. */
  progressOf(versionId: number): number | null {
    return this.progress.get(versionId) ?? null;
  }

  /** What the copy maker tells while it runs (null: done, or given up). */
  tell(versionId: number, fraction: number | null): void {
    if (fraction === null) this.progress.delete(versionId);
    else this.progress.set(versionId, fraction);
  }

  /** The bitrate the project's copies are made at (the owner's choice). */
  async bitrateOf(projectId: number): Promise<StreamBitrate> {
    const row = await this.db.selectFrom('projects').select('listeningBitrateKbps').where('id', '=', projectId).executeTakeFirst();
    return asStreamBitrate(row?.listeningBitrateKbps);
  }

  /**
   * Stores the copy the analysis wrote and records it on the version, replacing (and removing) the
   * one it had. Nothing is kept when the version's audio was removed meanwhile, or another instance
   * recorded its copy first: the bytes just stored go again.
   */
  async save(version: { id: number; projectId: number; streamKey: string | null }, filePath: string, facts: StreamingCopyFacts) {
    const key = listeningCopyKey(version.projectId);
    await storeStreamingCopy(this.store, key, filePath, facts.bytes);
    const kept = await this.db
      .updateTable('trackVersions')
      .set({ streamKey: key, streamSize: facts.bytes, streamBitrateKbps: facts.bitrateKbps })
      .where('id', '=', version.id)
      .where('removedAt', 'is', null)
      .where((eb) => (version.streamKey === null ? eb('streamKey', 'is', null) : eb('streamKey', '=', version.streamKey)))
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) === 0) await this.release(key);
    else await this.release(version.streamKey);
  }

  /** Removes a copy's bytes; a failure is logged (what stays is only stored bytes nobody links to). */
  async release(streamKey: string | null): Promise<void> {
    if (!streamKey) return;
    await this.store
      .delete(streamKey)
      .catch((error: unknown) => this.logger.warn({ err: error, streamKey }, 'could not remove a listening copy'));
  }

  /**
   * The measured versions that need a copy: none yet (versions from before copies, a copy lost from
   * the store and forgotten here), or one made at another bitrate than the project's now. A version
   * that could not be measured could not be decoded either: it is not tried at every start.
   */
  async missing(projectId?: number): Promise<number[]> {
    await this.forgetMissing(projectId);
    let query = this.db
      .selectFrom('trackVersions')
      .innerJoin('projects', 'projects.id', 'trackVersions.projectId')
      .select('trackVersions.id')
      .where('trackVersions.analysisState', '=', 'done')
      .where('trackVersions.removedAt', 'is', null)
      .where((eb) =>
        eb.or([
          eb('trackVersions.streamKey', 'is', null),
          eb('trackVersions.streamBitrateKbps', 'is', null),
          eb('trackVersions.streamBitrateKbps', '!=', eb.ref('projects.listeningBitrateKbps')),
        ]),
      );
    if (projectId !== undefined) query = query.where('trackVersions.projectId', '=', projectId);
    return (await query.orderBy('trackVersions.id').execute()).map((row) => row.id);
  }

  /** Forgets copies whose object is gone (a restored backup without them), so they are made again. */
  private async forgetMissing(projectId?: number): Promise<void> {
    let query = this.db
      .selectFrom('trackVersions')
      .select(['id', 'streamKey'])
      .where('streamKey', 'is not', null)
      .where('removedAt', 'is', null);
    if (projectId !== undefined) query = query.where('projectId', '=', projectId);
    for (const row of await query.execute()) {
      if (!row.streamKey || (await this.store.stat(row.streamKey))) continue;
      await this.db
        .updateTable('trackVersions')
        .set({ streamKey: null, streamSize: null, streamBitrateKbps: null })
        .where('id', '=', row.id)
        .where('streamKey', '=', row.streamKey)
        .execute();
    }
  }
}
