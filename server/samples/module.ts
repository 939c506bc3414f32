import type { Services } from '#server/context.ts';
import { createObjectStore } from '#server/storage/create-store.ts';
import { UploadService } from '#server/storage/uploads.ts';
import { SampleAnalysisQueue } from './analysis-queue.ts';
import { SampleService } from './service.ts';

export interface SamplesModule {
  uploads: UploadService;
  samples: SampleService;
  analysis: SampleAnalysisQueue;
}

const modules = new WeakMap<Services, SamplesModule>();

/**
 * The stateful parts of the samples capability (object store, analysis queue), one set per
 * Services bag, shared by the API routers, the audio route and the start-up tasks.
 */
export function samplesModule(services: Services): SamplesModule {
  let existing = modules.get(services);
  if (!existing) {
    const uploads = new UploadService(services.db, createObjectStore(services.config), services.config.SESSION_SECRET);
    const analysis = new SampleAnalysisQueue(services.db, uploads, services.logger);
    existing = { uploads, analysis, samples: new SampleService(services.db, uploads, analysis) };
    modules.set(services, existing);
  }
  return existing;
}
