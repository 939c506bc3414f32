import type { CoreServices } from '#server/core-services.ts';
import type { MultipartUploadService } from './multipart-uploads.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Aborts abandoned multipart uploads now and then hourly; answers the timer. */
export function startMultipartSweep(
  services: Pick<CoreServices, 'logger'> & { uploads: { multipartUploads: MultipartUploadService } },
): NodeJS.Timeout {
  const sweep = () =>
    services.uploads.multipartUploads.removeAbandoned().then(
      (removed) => removed > 0 && services.logger.info({ removed }, 'aborted abandoned multipart uploads'),
      (error: unknown) => services.logger.warn({ err: error }, 'abandoned multipart upload sweep failed'),
    );
  void sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return timer;
}
