import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { SampleAnalysisQueue } from './analysis-queue.ts';
import { AudioUploadService } from './audio-uploads.ts';
import { SamplePlays } from './sample-plays.ts';
import { SampleTrash } from './sample-trash.ts';
import { SampleService } from './service.ts';
import { StreamingCopies } from './streaming-copies.ts';

/** The stateful parts of the samples capability, built once per process by server/services.ts. */
export interface SamplesCapability {
  audioUploads: AudioUploadService;
  /** The samples themselves: the catalogue the site plays and the owner edits. */
  catalogue: SampleService;
  sampleAnalysis: SampleAnalysisQueue;
  sampleTrash: SampleTrash;
  samplePlays: SamplePlays;
  streamingCopies: StreamingCopies;
}

export function createSamplesCapability(parts: {
  db: Kysely<Database>;
  store: ObjectStore;
  logger: Logger;
  secret: string;
  /** Announces a change no request made (a finished analysis) to every instance's caches. */
  announceChange: () => Promise<void>;
}): SamplesCapability {
  const { db, store, logger, secret, announceChange } = parts;
  const audioUploads = new AudioUploadService(db, store);
  const streamingCopies = new StreamingCopies(db, store, logger);
  const sampleAnalysis = new SampleAnalysisQueue(db, audioUploads, logger, undefined, announceChange, streamingCopies);
  return {
    audioUploads,
    streamingCopies,
    sampleAnalysis,
    catalogue: new SampleService(db, audioUploads, sampleAnalysis, streamingCopies),
    sampleTrash: new SampleTrash(db, audioUploads, logger, streamingCopies),
    samplePlays: new SamplePlays(db, secret),
  };
}
