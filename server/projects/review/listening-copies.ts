import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { storeStreamingCopy } from '#server/audio/stored-copy.ts';
import { STREAM_BITRATE_KBPS, STREAM_BITRATES, type StreamBitrate, type StreamingCopyFacts } from '#server/audio/streaming-copy.ts';
import { DEFAULT_WATERMARK, type WatermarkSettings } from '#server/audio/watermark.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';

/** What a project's copies are made with (ListeningCopies.planOf). */
export interface CopyPlan {
  bitrateKbps: StreamBitrate;
  watermark: { settings: WatermarkSettings; signature: string } | null;
}

type SavedVersion = { id: number; projectId: number; streamKey: string | null; watermarkKey: string | null };
type MadeCopy = { path: string; facts: StreamingCopyFacts };

/** What a watermarked copy was made with: the tag's interval and level and the bitrate. */
const watermarkSignature = (bitrateKbps: number) => `${DEFAULT_WATERMARK.intervalSeconds}:${DEFAULT_WATERMARK.levelDb}:${bitrateKbps}`;

/** Whether a version's copies are not what its project wants now. */
function needsCopies(
  row: {
    streamKey: string | null;
    streamBitrateKbps: number | null;
    watermarkKey: string | null;
    watermarkSignature: string | null;
    listeningBitrateKbps: number;
  },
  watermarkWanted: boolean,
): boolean {
  if (!row.streamKey || row.streamBitrateKbps !== row.listeningBitrateKbps) return true;
  if (!watermarkWanted) return row.watermarkKey !== null;
  return !row.watermarkKey || row.watermarkSignature !== watermarkSignature(asStreamBitrate(row.listeningBitrateKbps));
}

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
   * What the project's copies are made with: its bitrate, and whether a watermarked twin is wanted
   * (a live review link of the project asks for it), with the signature it is made under.
   */
  async planOf(projectId: number, now = new Date()): Promise<CopyPlan> {
    const bitrateKbps = await this.bitrateOf(projectId);
    const wanted = (await this.watermarkedProjects(now)).has(projectId);
    return { bitrateKbps, watermark: wanted ? { settings: DEFAULT_WATERMARK, signature: watermarkSignature(bitrateKbps) } : null };
  }

  /**
   * Stores the copies the analysis wrote and records them on the version, replacing (and removing)
   * the ones it had; a twin no longer wanted goes. Nothing is kept when the version's audio was removed
   * meanwhile, or another instance recorded its copy first: the bytes just stored go again.
   */
  async save(version: SavedVersion, clean: MadeCopy, watermarked: (MadeCopy & { signature: string }) | null) {
    const key = listeningCopyKey(version.projectId);
    await storeStreamingCopy(this.store, key, clean.path, clean.facts.bytes);
    const markedKey = watermarked ? listeningCopyKey(version.projectId) : null;
    if (watermarked && markedKey) await storeStreamingCopy(this.store, markedKey, watermarked.path, watermarked.facts.bytes);
    const kept = await this.db
      .updateTable('trackVersions')
      .set({
        streamKey: key,
        streamSize: clean.facts.bytes,
        streamBitrateKbps: clean.facts.bitrateKbps,
        watermarkKey: markedKey,
        watermarkSize: watermarked?.facts.bytes ?? null,
        watermarkSignature: watermarked?.signature ?? null,
      })
      .where('id', '=', version.id)
      .where('removedAt', 'is', null)
      .where((eb) => (version.streamKey === null ? eb('streamKey', 'is', null) : eb('streamKey', '=', version.streamKey)))
      .executeTakeFirst();
    const stale = Number(kept.numUpdatedRows) === 0 ? [key, markedKey] : [version.streamKey, version.watermarkKey];
    for (const old of stale) await this.release(old);
  }

  /** The projects a live review link with the watermark on belongs to. */
  private async watermarkedProjects(now: Date): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('reviewLinks')
      .select('projectId')
      .where('watermark', '=', 1)
      .where('revokedAt', 'is', null)
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now.toISOString())]))
      .execute();
    return new Set(rows.map((row) => row.projectId));
  }

  /** Removes a copy's bytes; a failure is logged (what stays is only stored bytes nobody links to). */
  async release(streamKey: string | null): Promise<void> {
    if (!streamKey) return;
    await this.store
      .delete(streamKey)
      .catch((error: unknown) => this.logger.warn({ err: error, streamKey }, 'could not remove a listening copy'));
  }

  /**
   * The measured versions that need their copies made: none yet (versions from before copies, a copy
   * lost from the store and forgotten here), one made at another bitrate than the project's now, or a
   * watermarked twin wanted and missing (or made with other settings) or no longer wanted. A version
   * that could not be measured could not be decoded either: it is not tried at every start.
   */
  async missing(projectId?: number, now = new Date()): Promise<number[]> {
    await this.forgetMissing(projectId);
    let query = this.db
      .selectFrom('trackVersions')
      .innerJoin('projects', 'projects.id', 'trackVersions.projectId')
      .select([
        'trackVersions.id',
        'trackVersions.projectId',
        'trackVersions.streamKey',
        'trackVersions.streamBitrateKbps',
        'trackVersions.watermarkKey',
        'trackVersions.watermarkSignature',
        'projects.listeningBitrateKbps',
      ])
      .where('trackVersions.analysisState', '=', 'done')
      .where('trackVersions.removedAt', 'is', null);
    if (projectId !== undefined) query = query.where('trackVersions.projectId', '=', projectId);
    const watermarked = await this.watermarkedProjects(now);
    const rows = await query.orderBy('trackVersions.id').execute();
    return rows.filter((row) => needsCopies(row, watermarked.has(row.projectId))).map((row) => row.id);
  }

  /**
   * Forgets copies whose object is gone (a restored backup without them), so they are made again: a
   * lost clean copy takes its twin's record with it (both are made again in one decode, the twin's
   * bytes removed), a lost twin only its own.
   */
  private async forgetMissing(projectId?: number): Promise<void> {
    let query = this.db
      .selectFrom('trackVersions')
      .select(['id', 'streamKey', 'watermarkKey'])
      .where('streamKey', 'is not', null)
      .where('removedAt', 'is', null);
    if (projectId !== undefined) query = query.where('projectId', '=', projectId);
    for (const row of await query.execute()) {
      const cleanLost = !row.streamKey || !(await this.store.stat(row.streamKey));
      const twinLost = row.watermarkKey !== null && !(await this.store.stat(row.watermarkKey));
      if (!cleanLost && !twinLost) continue;
      const forget = { watermarkKey: null, watermarkSize: null, watermarkSignature: null };
      await this.db
        .updateTable('trackVersions')
        .set(cleanLost ? { ...forget, streamKey: null, streamSize: null, streamBitrateKbps: null } : forget)
        .where('id', '=', row.id)
        .where('streamKey', '=', row.streamKey!)
        .execute();
      if (cleanLost && !twinLost) await this.release(row.watermarkKey);
    }
  }
}
