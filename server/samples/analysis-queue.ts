import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { objectKeyFromPath } from '#common/object-keys.ts';
import { encodePeaks } from '#common/peaks.ts';
import { formatTime } from '#common/samples.ts';
import type { AnalysisOptions, AudioAnalysis } from '#server/audio/analyze.ts';
import { runAnalysisInWorker } from '#server/audio/run-analysis.ts';
import type { Database } from '#server/db/schema.ts';
import { SerialQueue } from '#server/jobs/serial-queue.ts';
import type { Logger } from '#server/logger.ts';
import type { AudioFormat } from '#common/audio-format.ts';
import type { AudioUploadService } from './audio-uploads.ts';
import type { SampleAnalysisScheduler } from './service.ts';
import { streamColumns, type StreamingCopies, type StreamingCopy } from './streaming-copies.ts';

export type Analyzer = (filePath: string, format: AudioFormat, options?: AnalysisOptions) => Promise<AudioAnalysis>;

/**
 * Analyses samples one at a time in a worker thread (one decode at a time keeps memory flat) and
 * stores duration and peaks on the sample, and its streaming copy (decision 087), made from the same
 * decode into a temporary file and then stored. Failures leave the sample playable (its original).
 */
export class SampleAnalysisQueue implements SampleAnalysisScheduler {
  private readonly queue = new SerialQueue<number>(
    (sampleId) => this.analyseSample(sampleId),
    (error, sampleId) => this.logger.warn({ err: error, sampleId }, 'audio analysis failed; the player will decode in the browser'),
  );

  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: AudioUploadService,
    private readonly logger: Logger,
    private readonly analyze: Analyzer = runAnalysisInWorker,
    /**
     * Tells every instance that a sample changed (its waveform, its duration), so stored public
     * pages and the sample list are made again: this write comes from no request, so nothing else
     * announces it (server/http/public-cache).
     */
    private readonly announceChange: () => Promise<void> = async () => {},
    /** Where streaming copies go; without it (some tests) none are made. */
    private readonly copies: StreamingCopies | null = null,
  ) {}

  schedule(sampleId: number): void {
    this.queue.add(sampleId);
  }

  /**
   * Queues every sample that was never analysed (older data, or a restart mid-queue), and every one
   * whose streaming copy is missing: never made (samples from before copies, the demo samples), or
   * gone from the store (a restored backup). One analysed without a waveform could not be decoded
   * here, so it gets no copy either: it is not tried again at each start.
   */
  async scheduleBacklog(): Promise<number> {
    if (this.copies) await this.copies.forgetMissing();
    const copies = this.copies;
    const rows = await this.db
      .selectFrom('samples')
      .select('id')
      .where((eb) => {
        const unanalysed = eb.and([eb('peaks', 'is', null), eb('durationSeconds', 'is', null)]);
        if (!copies) return unanalysed;
        const withoutCopy = eb.and([eb('streamKey', 'is', null), eb('peaks', '!=', ''), eb('audioUrl', 'like', '/objects/uploads/%')]);
        return eb.or([unanalysed, withoutCopy]);
      })
      .orderBy('id')
      .execute();
    rows.forEach((row) => this.schedule(row.id));
    return rows.length;
  }

  /** Resolves when nothing is queued or running (tests, the seed and benchmarks wait on it). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Samples waiting or being analysed right now (read by the metrics endpoint). */
  get depth(): number {
    return this.queue.depth;
  }

  stop(): void {
    this.queue.stop();
  }

  private async analyseSample(sampleId: number): Promise<void> {
    const sample = await this.db
      .selectFrom('samples')
      .select(['audioUrl', 'duration', 'streamKey'])
      .where('id', '=', sampleId)
      .executeTakeFirst();
    // External https files are not fetched by the server (no requests to arbitrary hosts).
    if (!sample || !objectKeyFromPath(sample.audioUrl)) return;
    const format = await this.uploads.formatOf(sample.audioUrl);
    if (!format) return;
    const work = await mkdtemp(path.join(tmpdir(), 'studio-stream-'));
    try {
      await this.analyseInto(sampleId, sample, format, path.join(work, 'stream.mp3'));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async analyseInto(
    sampleId: number,
    sample: { audioUrl: string; duration: string | null; streamKey: string | null },
    format: AudioFormat,
    copyPath: string,
  ): Promise<void> {
    // An MP3 already streams well, and encoding it again would only lose quality: it plays as it is.
    const encodeCopy = this.copies !== null && format !== 'mp3';
    const result = await this.uploads
      .withLocalFile(sample.audioUrl, (file) => this.analyze(file, format, encodeCopy ? { streamingCopyPath: copyPath } : {}))
      .catch((error: unknown) => {
        this.logger.warn({ err: error, sampleId }, 'audio analysis could not run');
        return { durationSeconds: null, peaks: null } satisfies AudioAnalysis;
      });
    const copy = await this.storeCopy(sampleId, sample.audioUrl, format, result, copyPath);
    const stored = await this.db
      .updateTable('samples')
      .set({
        durationSeconds: result.durationSeconds,
        // Encoded here, once per analysis; reads pass the text on. No peaks encode to '', which
        // marks the sample as analysed (so the backlog leaves it) without a waveform.
        peaks: encodePeaks(result.peaks ?? []),
        // The admin's own duration text wins; an empty one is filled in.
        ...(sample.duration || result.durationSeconds === null ? {} : { duration: formatTime(result.durationSeconds) }),
        // No new copy leaves the one the sample has (if any) as it is.
        ...(copy ? streamColumns(copy) : {}),
      })
      // The audio may have been replaced meanwhile (or the sample deleted): then this result is stale.
      // So is it when another instance stored its copy first (each runs the backlog at start).
      .where('id', '=', sampleId)
      .where('audioUrl', '=', sample.audioUrl)
      .where((eb) => (sample.streamKey === null ? eb('streamKey', 'is', null) : eb('streamKey', '=', sample.streamKey)))
      .executeTakeFirst();
    const kept = stored.numUpdatedRows > 0n;
    // The copy nobody will use, or the one the new copy replaces.
    if (copy && !kept) await this.copies?.release(copy.key, sample.audioUrl);
    if (copy && kept && sample.streamKey !== copy.key) await this.copies?.release(sample.streamKey, sample.audioUrl);
    if (kept) await this.announceChange();
  }

  /** The sample's streaming copy, stored: the encoded file, or the original MP3 itself. Null when none. */
  private async storeCopy(
    sampleId: number,
    audioUrl: string,
    format: AudioFormat,
    result: AudioAnalysis,
    copyPath: string,
  ): Promise<StreamingCopy | null> {
    if (!this.copies) return null;
    try {
      if (format === 'mp3') return await this.copies.servedAsIs(audioUrl);
      return result.streamingCopy ? await this.copies.save(copyPath, result.streamingCopy.bytes) : null;
    } catch (error) {
      this.logger.warn({ err: error, sampleId }, 'could not store the streaming copy; the original plays meanwhile');
      return null;
    }
  }
}
