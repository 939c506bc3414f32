import type { Kysely } from 'kysely';
import { objectKeyFromPath } from '#common/object-keys.ts';
import { encodePeaks } from '#common/peaks.ts';
import { formatTime } from '#common/samples.ts';
import type { AudioAnalysis } from '#server/audio/analyze.ts';
import { runAnalysisInWorker } from '#server/audio/run-analysis.ts';
import type { Database } from '#server/db/schema.ts';
import { SerialQueue } from '#server/jobs/serial-queue.ts';
import type { Logger } from '#server/logger.ts';
import type { AudioFormat } from '#common/audio-format.ts';
import type { AudioUploadService } from './audio-uploads.ts';
import type { SampleAnalysisScheduler } from './service.ts';

export type Analyzer = (filePath: string, format: AudioFormat) => Promise<AudioAnalysis>;

/**
 * Analyses samples one at a time in a worker thread (one decode at a time keeps memory flat) and
 * stores duration and peaks on the sample. Failures leave the sample playable.
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
  ) {}

  schedule(sampleId: number): void {
    this.queue.add(sampleId);
  }

  /** Queues every sample that was never analysed (older data, or a restart mid-queue). */
  async scheduleBacklog(): Promise<number> {
    const rows = await this.db.selectFrom('samples').select('id').where('peaks', 'is', null).where('durationSeconds', 'is', null).execute();
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
    const sample = await this.db.selectFrom('samples').select(['audioUrl', 'duration']).where('id', '=', sampleId).executeTakeFirst();
    // External https files are not fetched by the server (no requests to arbitrary hosts).
    if (!sample || !objectKeyFromPath(sample.audioUrl)) return;
    const format = await this.uploads.formatOf(sample.audioUrl);
    if (!format) return;
    const result = await this.uploads
      .withLocalFile(sample.audioUrl, (file) => this.analyze(file, format))
      .catch((error: unknown) => {
        this.logger.warn({ err: error, sampleId }, 'audio analysis could not run');
        return { durationSeconds: null, peaks: null } satisfies AudioAnalysis;
      });
    const stored = await this.db
      .updateTable('samples')
      .set({
        durationSeconds: result.durationSeconds,
        // Encoded here, once per analysis; reads pass the text on. No peaks encode to '', which
        // marks the sample as analysed (so the backlog leaves it) without a waveform.
        peaks: encodePeaks(result.peaks ?? []),
        // The admin's own duration text wins; an empty one is filled in.
        ...(sample.duration || result.durationSeconds === null ? {} : { duration: formatTime(result.durationSeconds) }),
      })
      // The audio may have been replaced meanwhile: then this result is stale.
      .where('id', '=', sampleId)
      .where('audioUrl', '=', sample.audioUrl)
      .executeTakeFirst();
    if (stored.numUpdatedRows > 0n) await this.announceChange();
  }
}
