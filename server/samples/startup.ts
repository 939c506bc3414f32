import type { Services } from '#server/context.ts';
import { seedDemoSamples } from './demo-seed.ts';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Samples' start-up work: the first-run demo seed, analysis of samples that lack it, and an hourly
 * sweep of uploads never registered within a day. Returns the sweep's timer.
 */
export async function startSampleTasks(services: Services): Promise<NodeJS.Timeout> {
  const { audioUploads, sampleAnalysis } = services;
  try {
    await seedDemoSamples(services);
  } catch (error) {
    services.logger.error({ err: error }, 'could not seed the demo samples');
  }
  await sampleAnalysis.scheduleBacklog();
  const sweep = () =>
    audioUploads.removeAbandonedUploads().then(
      (removed) => removed > 0 && services.logger.info({ removed }, 'removed abandoned uploads'),
      (error: unknown) => services.logger.warn({ err: error }, 'abandoned upload sweep failed'),
    );
  void sweep();
  const timer = setInterval(sweep, CLEANUP_INTERVAL_MS);
  timer.unref();
  return timer;
}
