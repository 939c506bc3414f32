import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { whenRestored } from '#app/features/file-uploader/when-restored.ts';
import { blobReader, readAudioTags, type AudioTags } from './read-audio-tags.ts';
import type { SampleAudio } from './sample-audio.ts';
import { refusalOf, uploadFailureMessage, type UploadError } from './sample-file-checks.ts';
import {
  createSampleUppy,
  locationOf,
  registerUpload,
  RETRYABLE_STATUSES,
  uploadingState,
  type SampleFile,
  type SampleUppy,
} from './sample-uppy.ts';

export interface SampleUploadCallbacks {
  onAudio: (audio: SampleAudio) => void;
  onTags: (tags: AudioTags, fileName: string) => void;
}

type Latest = RefObject<SampleUploadCallbacks>;
type Refuse = (file: { id?: string; name?: string }, message: string) => void;
type Register = (file: SampleFile, location: string, again?: boolean) => Promise<void>;

/**
 * The sample uploader's Uppy and what it does with a file: `choose` judges a file in the browser,
 * hands its tags to the form and starts it; Uppy's events move the form's `SampleAudio` along. The
 * callbacks are read when called, so the form's newest ones answer. `resetKey` bumped: start over.
 */
export function useSampleUpload(callbacks: SampleUploadCallbacks, resetKey: number) {
  const [uppy] = useState(createSampleUppy);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });

  /** Forgets a file (Golden Retriever with it) and says why, once. */
  const refuse = useCallback<Refuse>(
    (file, message) => {
      if (file.id && uppy.getFile(file.id)) uppy.removeFile(file.id);
      latest.current.onAudio({ kind: 'refused', fileName: file.name ?? 'audio', message });
    },
    [uppy],
  );
  const register = useCallback<Register>(
    (file, location, again = false) => registerUpload(file, location, again, (audio) => latest.current.onAudio(audio), refuse),
    [refuse],
  );

  useUploadEvents(uppy, latest, register, refuse);

  useEffect(() => {
    if (resetKey > 0) uppy.clear();
  }, [uppy, resetKey]);

  // Leaving the page pauses a running upload, leaving its parts for Golden Retriever to resume.
  // (Not destroy(): React's development double mount would leave a destroyed instance behind.)
  useEffect(() => () => uppy.pauseAll(), [uppy]);

  const choose = async (file: File) => {
    const current = uppy.getFiles()[0];
    // The file a restored upload was waiting for: its parts on the server are kept and it continues.
    const continuing = current?.isGhost && current.name === file.name && current.size === file.size;
    if (!continuing && current) uppy.cancelAll();
    const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
    const tags = file.size > 0 ? await readAudioTags(blobReader(file), file.size) : {};
    const refusal = refusalOf({ size: file.size, head, seconds: tags.seconds });
    if (refusal) {
      refuse({ name: file.name }, refusal);
      return;
    }
    latest.current.onTags(tags, file.name);
    try {
      const id = uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });
      latest.current.onAudio(uploadingState(uppy.getFile(id), false));
      if (continuing && uppy.getState().recoveredState) uppy.emit('restore-confirmed');
      else void uppy.upload();
    } catch (error) {
      refuse({ name: file.name }, error instanceof Error ? error.message : String(error));
    }
  };

  return { uppy, choose };
}

/** Uppy's events, as the form's `SampleAudio`: progress, pause, success (then registration), errors, and a reload's restored files. */
function useUploadEvents(uppy: SampleUppy, latest: Latest, register: Register, refuse: Refuse) {
  useEffect(() => {
    const onProgress = (file: SampleFile | undefined) => {
      if (file) latest.current.onAudio(uploadingState(file));
    };
    const onPause = (file: SampleFile | undefined, isPaused: boolean) => {
      if (file) latest.current.onAudio(uploadingState(file, isPaused));
    };
    const onSuccess = (file: SampleFile | undefined, response: { uploadURL?: string; body?: { location?: string } }) => {
      const location = response.body?.location ?? response.uploadURL;
      if (file && location) void register(file, location);
    };
    const onError = (file: SampleFile | undefined, error: UploadError, response?: { status?: number }) => {
      if (!file) return;
      const status = error.source?.status ?? response?.status;
      const message = uploadFailureMessage({ ...error, source: { status } });
      // The server refused the upload itself (its size, an upload it no longer knows): nothing to retry.
      if (status !== undefined && status >= 400 && status < 500 && !RETRYABLE_STATUSES.has(status)) refuse(file, message);
      else latest.current.onAudio({ kind: 'failed', fileName: file.name ?? 'audio', message });
    };
    // After a reload: refused or failed files are forgotten, unfinished ones wait paused, finished ones register again.
    const onRestored = () => {
      for (const file of uppy.getFiles()) {
        if (file.error) {
          uppy.removeFile(file.id);
          continue;
        }
        if (file.data instanceof Blob && file.data.size > 0) {
          void readAudioTags(blobReader(file.data), file.data.size).then((tags) => latest.current.onTags(tags, file.name ?? 'audio'));
        }
        if (file.progress.uploadComplete) {
          const location = locationOf(file);
          if (location) void register(file, location, true);
          else uppy.removeFile(file.id);
          continue;
        }
        if (!file.isPaused) uppy.setFileState(file.id, { isPaused: true });
        latest.current.onAudio({ ...uploadingState(file, true), ...(file.isGhost ? { waitingForFile: true } : {}) } as SampleAudio);
      }
    };
    uppy.on('upload-progress', onProgress);
    uppy.on('upload-pause', onPause);
    uppy.on('upload-success', onSuccess);
    uppy.on('upload-error', onError);
    const stopWaiting = whenRestored(uppy, onRestored);
    return () => {
      uppy.off('upload-progress', onProgress);
      uppy.off('upload-pause', onPause);
      uppy.off('upload-success', onSuccess);
      uppy.off('upload-error', onError);
      stopWaiting();
    };
  }, [uppy, latest, register, refuse]);
}
