import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import GoldenRetriever from '@uppy/golden-retriever';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { MULTIPART_OPTIONS, multipartCalls } from '#app/features/file-uploader/multipart-calls.ts';
import type { SampleAudio } from './sample-audio.ts';
import { SAMPLE_RECOVERY_STORE } from './sample-upload-rules.ts';

/*
 * The headless Uppy behind a sample's audio upload, and what the uploader makes of its files: the
 * state a file shows while it goes up, and its registration once it is up.
 */

export type SampleFile = UppyFile<Record<string, unknown>, Record<string, never>>;
export type SampleUppy = Uppy<Record<string, unknown>, Record<string, never>>;

/** Registration answers these when the file itself is unacceptable; anything else may be the server's trouble. */
const REFUSED_STATUSES = new Set([400, 413, 415, 422]);
/** Upload answers worth retrying; any other 4xx is about the file or the upload itself. */
export const RETRYABLE_STATUSES = new Set([408, 409, 423, 429]);

export function createSampleUppy(): SampleUppy {
  return (
    new Uppy<Record<string, unknown>, Record<string, never>>({ id: 'sample-audio', autoProceed: false })
      .use(AwsS3, { ...MULTIPART_OPTIONS, ...multipartCalls })
      // Small files whole in IndexedDB, larger ones by name and finished parts (chosen again to continue).
      .use(GoldenRetriever, { indexedDB: SAMPLE_RECOVERY_STORE as { name?: string } })
  );
}

export const locationOf = (file: SampleFile) =>
  (file.response?.body as { location?: string } | undefined)?.location ?? file.response?.uploadURL ?? null;

export const uploadingState = (file: SampleFile, paused = file.isPaused ?? false): SampleAudio => ({
  kind: 'uploading',
  fileName: file.name ?? 'audio',
  bytesUploaded: file.progress.bytesUploaded || 0,
  bytesTotal: file.size ?? file.progress.bytesTotal ?? 0,
  paused,
});

/**
 * Registers a finished upload; registering it again (after a reload) answers the same path. A file
 * the server refuses goes to `refuse`; the server's own trouble keeps the raw upload URL.
 */
export async function registerUpload(
  file: SampleFile,
  location: string,
  again: boolean,
  onAudio: (audio: SampleAudio) => void,
  refuse: (file: SampleFile, message: string) => void,
): Promise<void> {
  const fileName = file.name ?? 'audio';
  onAudio({ kind: 'checking', fileName });
  const registration = await api<{ objectPath: string }>('PUT', '/api/audio-files', { audioFileURL: location });
  if (registration.ok) {
    onAudio({ kind: 'ready', fileName, audioUrl: registration.data.objectPath, registered: true });
    if (!again) toast({ title: 'Upload Complete', description: 'Audio file uploaded and configured successfully' });
    return;
  }
  const reason = registration.errors.audioFileURL?.[0] ?? registration.serverMessage ?? registration.message;
  if (REFUSED_STATUSES.has(registration.status) || registration.status === 409) {
    refuse(file, reason);
    return;
  }
  // The server's own trouble (unreachable, 5xx): the raw upload URL is kept, as the spec has it.
  onAudio({ kind: 'ready', fileName, audioUrl: location, registered: false });
  toast({
    title: 'Upload Complete',
    description: `Audio file uploaded (with limited access). ${reason}`.trim(),
    variant: 'destructive',
  });
}
