import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { encodePeaks } from '#common/peaks.ts';
import { toFileAnalysis, type AudioMeasurements } from '#server/audio/file-facts.ts';
import type { ListeningCopyRequest } from '#server/audio/listening-copy-output.ts';
import type { Database } from '#server/db/schema.ts';
import { SerialQueue } from '#server/jobs/serial-queue.ts';
import type { Logger } from '#server/logger.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { ListeningCopies } from './review/listening-copies.ts';

/**
 * Measures one audio file (in a worker thread), writing a review version's listening copy from the
 * same decode when `copy` is given; null when it is not audio the analyser reads.
 */
export type ProjectAudioAnalyser = (filePath: string, copy?: ListeningCopyRequest) => Promise<AudioMeasurements | null>;

/** One instance holds a file this long while it checksums and analyses it; another takes over after. */
const PROCESSING_LEASE_MS = 30 * 60 * 1000;

/**
 * A job: `file:{id}` (a project file: checksum and table facts), `version:{id}` (a review-room
 * version: its waveform, loudness and listening copy too) or `copy:{id}` (a measured version's
 * listening copy only: none yet, or the owner chose another bitrate). Strings, so a job asked twice
 * while it waits runs once.
 */
type Job = `file:${number}` | `version:${number}` | `copy:${number}`;

/**
 * What the server learns from a project's uploaded files after they are registered: the checksum
 * the client can compare, and the audio facts (format, loudness, waveform). One file at a time.
 */
export class ProjectFileProcessing {
  private readonly queue = new SerialQueue<Job>(
    (job) => this.process(job),
    (error, job) => this.logger.warn({ err: error, job }, 'project file processing failed; it is retried at the next start'),
  );

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ObjectStore,
    private readonly logger: Logger,
    private readonly analyse: ProjectAudioAnalyser,
    /** The review room's listening copies (decision 101), made with each version's measurement. */
    readonly copies: ListeningCopies = new ListeningCopies(db, store, logger),
  ) {}

  schedule(fileId: number): void {
    this.queue.add(`file:${fileId}`);
  }

  scheduleVersion(versionId: number): void {
    this.queue.add(`version:${versionId}`);
  }

  /** Makes the listening copy again for every measured version of the project that lacks one at its bitrate. */
  async scheduleCopies(projectId?: number): Promise<number> {
    const versions = await this.copies.missing(projectId);
    versions.forEach((id) => this.queue.add(`copy:${id}`));
    return versions.length;
  }

  /** Files and versions a restart left unprocessed, and measured versions without their listening copy. */
  async scheduleBacklog(): Promise<number> {
    const files = await this.db
      .selectFrom('projectFiles')
      .select('id')
      .where('analysisState', '=', 'pending')
      .where('removedAt', 'is', null)
      .execute();
    const versions = await this.db
      .selectFrom('trackVersions')
      .select('id')
      .where('analysisState', '=', 'pending')
      .where('removedAt', 'is', null)
      .execute();
    files.forEach((row) => this.schedule(row.id));
    versions.forEach((row) => this.scheduleVersion(row.id));
    return files.length + versions.length + (await this.scheduleCopies());
  }

  /** Resolves when nothing is queued or running (tests wait on it). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  stop(): void {
    this.queue.stop();
  }

  private process(job: Job): Promise<void> {
    const [kind, id] = job.split(':') as ['file' | 'version' | 'copy', string];
    if (kind === 'file') return this.processFile(Number(id));
    return kind === 'version' ? this.processVersion(Number(id)) : this.makeCopy(Number(id));
  }

  /** Claimed with a lease, so two instances do not both read a 5 GB file. */
  private async claim(table: 'projectFiles' | 'trackVersions', id: number, now: Date): Promise<string | null> {
    const claimed = await this.db
      .updateTable(table)
      .set({ processingUntil: new Date(now.getTime() + PROCESSING_LEASE_MS).toISOString() })
      .where('id', '=', id)
      .where('analysisState', '=', 'pending')
      .where('removedAt', 'is', null)
      .where((eb) => eb.or([eb('processingUntil', 'is', null), eb('processingUntil', '<', now.toISOString())]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return null;
    // Removed since the claim (a file taken out of the project): nothing left to process.
    const row = await this.db.selectFrom(table).select(['objectKey']).where('id', '=', id).executeTakeFirst();
    return row?.objectKey ?? null;
  }

  private async measure(
    objectKey: string,
    job: Job,
    copy?: ListeningCopyRequest,
  ): Promise<{ state: 'done' | 'not-audio' | 'failed'; measured: AudioMeasurements | null }> {
    try {
      const measured = await this.store.withLocalFile(objectKey, (filePath) => this.analyse(filePath, copy));
      return { state: measured ? 'done' : 'not-audio', measured };
    } catch (error) {
      this.logger.warn({ err: error, job }, 'project audio analysis failed');
      return { state: 'failed', measured: null };
    }
  }

  private async processFile(fileId: number, now = new Date()): Promise<void> {
    const objectKey = await this.claim('projectFiles', fileId, now);
    if (!objectKey) return;
    let sha256: string;
    try {
      sha256 = await this.checksum(objectKey);
    } catch (error) {
      // The file was taken out of the project while it was being read (its bytes went after its row): done, not failed.
      if (!(await this.db.selectFrom('projectFiles').select('id').where('id', '=', fileId).executeTakeFirst())) return;
      throw error;
    }
    const { state, measured } = await this.measure(objectKey, `file:${fileId}`);
    await this.db
      .updateTable('projectFiles')
      .set({ sha256, analysisState: state, analysis: measured ? JSON.stringify(toFileAnalysis(measured)) : null, processingUntil: null })
      .where('id', '=', fileId)
      .execute();
  }

  private async processVersion(versionId: number, now = new Date()): Promise<void> {
    const objectKey = await this.claim('trackVersions', versionId, now);
    if (!objectKey) return;
    const { state, measured } = await this.measureWithCopy(versionId, objectKey, `version:${versionId}`);
    await this.db
      .updateTable('trackVersions')
      .set({
        // A version is audio by definition: what the analyser could not read is a failure to show.
        analysisState: state === 'done' ? 'done' : 'failed',
        format: measured?.format ?? null,
        durationSeconds: measured?.durationSeconds ?? null,
        loudnessLufs: measured?.loudnessLufs ?? null,
        truePeakDbtp: measured?.truePeakDbtp ?? null,
        loudnessRangeLu: measured?.loudnessRangeLu ?? null,
        peaks: measured?.peaks ? encodePeaks(measured.peaks) : null,
        processingUntil: null,
      })
      .where('id', '=', versionId)
      .execute();
  }

  /** A measured version's listening copies (the measurements are kept as they are). */
  private async makeCopy(versionId: number): Promise<void> {
    const version = await this.db
      .selectFrom('trackVersions')
      .select(['objectKey', 'projectId'])
      .where('id', '=', versionId)
      .where('analysisState', '=', 'done')
      .where('removedAt', 'is', null)
      .executeTakeFirst();
    // Asked twice (a start and a change of settings): the second finds its copies already made.
    if (!version || !(await this.copies.missing(version.projectId)).includes(versionId)) return;
    await this.measureWithCopy(versionId, version.objectKey, `copy:${versionId}`);
  }

  /**
   * Measures a version and writes its listening copy from the same decode, at its project's bitrate,
   * into a temporary file, then stores it. The share decoded is told to `copies` as it goes.
   */
  private async measureWithCopy(versionId: number, objectKey: string, job: Job) {
    const version = await this.db
      .selectFrom('trackVersions')
      .select(['id', 'projectId', 'streamKey', 'watermarkKey'])
      .where('id', '=', versionId)
      .executeTakeFirst();
    if (!version) return { state: 'failed' as const, measured: null };
    const work = await mkdtemp(path.join(tmpdir(), 'studio-listening-'));
    const copyPath = path.join(work, 'listening.mp3');
    const markedPath = path.join(work, 'watermarked.mp3');
    try {
      this.copies.tell(versionId, 0);
      const plan = await this.copies.planOf(version.projectId);
      const onProgress = (fraction: number) => this.copies.tell(versionId, fraction);
      const watermark = plan.watermark ? { path: markedPath, settings: plan.watermark.settings } : undefined;
      const result = await this.measure(objectKey, job, { path: copyPath, bitrateKbps: plan.bitrateKbps, watermark, onProgress });
      const clean = result.measured?.streamingCopy;
      const marked = result.measured?.watermarkedCopy;
      if (clean) {
        const twin = marked && plan.watermark ? { path: markedPath, facts: marked, signature: plan.watermark.signature } : null;
        await this.copies
          .save(version, { path: copyPath, facts: clean }, twin)
          .catch((error: unknown) =>
            this.logger.warn({ err: error, job }, 'could not store a listening copy; it is made again at the next start'),
          );
      }
      return result;
    } finally {
      this.copies.tell(versionId, null);
      await rm(work, { recursive: true, force: true });
    }
  }

  private async checksum(objectKey: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of await this.store.read(objectKey)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }
}
