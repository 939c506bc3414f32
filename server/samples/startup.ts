import type { DatabaseServices } from '#server/core-services.ts';
import type { SamplesCapability } from './samples-capability.ts';
import { seedDemoSamples } from './demo-seed.ts';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Samples' start-up work: the first-run demo seed, analysis of samples that lack it, and an hourly
 * sweep of uploads never registered within a day and of samples in the trash past their 30 days
 * (each instance runs it; a row is purged by exactly one of them). Returns the sweep's timer.
 */
export async function startSampleTasks(
  services: DatabaseServices & { samples: Pick<SamplesCapability, 'audioUploads' | 'catalogue' | 'sampleAnalysis' | 'sampleTrash'> },
): Promise<NodeJS.Timeout> {
  const { audioUploads, sampleAnalysis, sampleTrash } = services.samples;
  try {
    await seedDemoSamples(services);
  } catch (error) {
    services.logger.error({ err: error }, 'could not seed the demo samples');
  }
  await sampleAnalysis.scheduleBacklog();
  const sweep = () =>
    Promise.all([
      audioUploads.removeAbandonedUploads().then(
        (removed) => removed > 0 && services.logger.info({ removed }, 'removed abandoned uploads'),
        (error: unknown) => services.logger.warn({ err: error }, 'abandoned upload sweep failed'),
      ),
      sampleTrash.purgeExpired().then(
        (purged) => purged > 0 && services.logger.info({ purged }, 'removed samples kept in the trash past their time'),
        (error: unknown) => services.logger.warn({ err: error }, 'trash purge failed'),
      ),
    ]);
  void sweep();
  const timer = setInterval(sweep, CLEANUP_INTERVAL_MS);
  timer.unref();
  return timer;
}
