import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import GoldenRetriever from '@uppy/golden-retriever';
import { CheckCircle2, Loader2, Pause, Play, RotateCcw, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatFileSize } from '#common/file-size.ts';
import { Button } from '#app/components/ui/button.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { MULTIPART_OPTIONS, multipartCalls } from '#app/features/file-uploader/multipart-calls.ts';
import { AudioDropZone } from './audio-drop-zone.tsx';
import { blobReader, readAudioTags, type AudioTags } from './read-audio-tags.ts';
import type { SampleAudio } from './sample-audio.ts';
import { refusalOf, uploadFailureMessage, type UploadError } from './sample-file-checks.ts';
import { SAMPLE_RECOVERY_STORE } from './sample-upload-rules.ts';

type SampleFile = UppyFile<Record<string, unknown>, Record<string, never>>;

export interface SampleAudioUploaderProps {
  audio: SampleAudio;
  onAudio: (audio: SampleAudio) => void;
  /** A file was accepted (or restored after a reload): what its tags say, for the form to fill in. */
  onTags: (tags: AudioTags, fileName: string) => void;
  /** Bumped by the form after a successful create: the uploader starts over. */
  resetKey: number;
  /** A file dropped or chosen while this module was loading (the form's drop zone kept it): uploaded at once. */
  earlyFile?: File | null;
  /** The early file has been taken: the form forgets it. */
  onEarlyFileTaken?: () => void;
}

/** Registration answers these when the file itself is unacceptable; anything else may be the server's trouble. */
const REFUSED_STATUSES = new Set([400, 413, 415, 422]);
/** Upload answers worth retrying; any other 4xx is about the file or the upload itself. */
const RETRYABLE_STATUSES = new Set([408, 409, 423, 429]);

const locationOf = (file: SampleFile) =>
  (file.response?.body as { location?: string } | undefined)?.location ?? file.response?.uploadURL ?? null;

/**
 * A sample's audio upload without a dialog: a dropped or chosen file is judged in the browser (empty,
 * too large, not audio, too long: refused before a byte is sent), its tags go to the form, and it
 * starts uploading at once through the same resumable multipart uploader as the client projects
 * (headless Uppy, the S3 plugin against /api/uploads, parts with their MD5). The finished file is
 * registered with PUT /api/audio-files. A refused file is removed from Uppy at once, so Golden
 * Retriever never offers it again; an unfinished one is restored paused after a reload, and a
 * finished one is registered again (the same answer). Loaded lazily, in the browser only.
 */
export default function SampleAudioUploader({ audio, onAudio, onTags, resetKey, earlyFile, onEarlyFileTaken }: SampleAudioUploaderProps) {
  const [uppy] = useState(() =>
    new Uppy<Record<string, unknown>, Record<string, never>>({ id: 'sample-audio', autoProceed: false })
      .use(AwsS3, { ...MULTIPART_OPTIONS, ...multipartCalls })
      // Small files whole in IndexedDB, larger ones by name and finished parts (chosen again to continue).
      .use(GoldenRetriever, { indexedDB: SAMPLE_RECOVERY_STORE as { name?: string } }),
  );
  const latest = useRef({ onAudio, onTags });
  useEffect(() => {
    latest.current = { onAudio, onTags };
  });
  const chooseButton = useRef<HTMLButtonElement>(null);
  const primaryControl = useRef<HTMLButtonElement>(null);

  const uploading = useCallback(
    (file: SampleFile, paused = file.isPaused ?? false): SampleAudio => ({
      kind: 'uploading',
      fileName: file.name ?? 'audio',
      bytesUploaded: file.progress.bytesUploaded || 0,
      bytesTotal: file.size ?? file.progress.bytesTotal ?? 0,
      paused,
    }),
    [],
  );

  /** Forgets a file (Golden Retriever with it) and says why, once. */
  const refuse = useCallback(
    (file: { id?: string; name?: string }, message: string) => {
      if (file.id && uppy.getFile(file.id)) uppy.removeFile(file.id);
      latest.current.onAudio({ kind: 'refused', fileName: file.name ?? 'audio', message });
    },
    [uppy],
  );

  /** Registers a finished upload; registering it again (after a reload) answers the same path. */
  const register = useCallback(
    async (file: SampleFile, location: string, again = false) => {
      const fileName = file.name ?? 'audio';
      latest.current.onAudio({ kind: 'checking', fileName });
      const registration = await api<{ objectPath: string }>('PUT', '/api/audio-files', { audioFileURL: location });
      if (registration.ok) {
        latest.current.onAudio({ kind: 'ready', fileName, audioUrl: registration.data.objectPath, registered: true });
        if (!again) toast({ title: 'Upload Complete', description: 'Audio file uploaded and configured successfully' });
        return;
      }
      const reason = registration.errors.audioFileURL?.[0] ?? registration.serverMessage ?? registration.message;
      if (REFUSED_STATUSES.has(registration.status) || registration.status === 409) {
        refuse(file, reason);
        return;
      }
      // The server's own trouble (unreachable, 5xx): the raw upload URL is kept, as the spec has it.
      latest.current.onAudio({ kind: 'ready', fileName, audioUrl: location, registered: false });
      toast({
        title: 'Upload Complete',
        description: `Audio file uploaded (with limited access). ${reason}`.trim(),
        variant: 'destructive',
      });
    },
    [refuse],
  );

  useEffect(() => {
    const onProgress = (file: SampleFile | undefined) => {
      if (file) latest.current.onAudio(uploading(file));
    };
    const onPause = (file: SampleFile | undefined, isPaused: boolean) => {
      if (file) latest.current.onAudio(uploading(file, isPaused));
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
        latest.current.onAudio({ ...uploading(file, true), ...(file.isGhost ? { waitingForFile: true } : {}) } as SampleAudio);
      }
    };
    uppy.on('upload-progress', onProgress);
    uppy.on('upload-pause', onPause);
    uppy.on('upload-success', onSuccess);
    uppy.on('upload-error', onError);
    uppy.on('restored', onRestored);
    return () => {
      uppy.off('upload-progress', onProgress);
      uppy.off('upload-pause', onPause);
      uppy.off('upload-success', onSuccess);
      uppy.off('upload-error', onError);
      uppy.off('restored', onRestored);
    };
  }, [uppy, register, refuse, uploading]);

  useEffect(() => {
    if (resetKey > 0) uppy.clear();
  }, [uppy, resetKey]);

  // Leaving the page pauses a running upload, leaving its parts for Golden Retriever to resume.
  // (Not destroy(): React's development double mount would leave a destroyed instance behind.)
  useEffect(() => () => uppy.pauseAll(), [uppy]);

  // Keyboard focus never falls to the page's start when the control it was on goes away (the choose
  // button once a file is given, Pause when the upload is refused): it moves to what replaced it.
  // Never at mount: the page's own focus (and scroll position) is left alone until the owner acts.
  const shownKind = useRef(audio.kind);
  useEffect(() => {
    if (shownKind.current === audio.kind) return;
    shownKind.current = audio.kind;
    if (document.activeElement && document.activeElement !== document.body) return;
    (primaryControl.current ?? chooseButton.current)?.focus();
  }, [audio.kind]);

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
      latest.current.onAudio(uploading(uppy.getFile(id), false));
      if (continuing && uppy.getState().recoveredState) uppy.emit('restore-confirmed');
      else void uppy.upload();
    } catch (error) {
      refuse({ name: file.name }, error instanceof Error ? error.message : String(error));
    }
  };

  // The file given before this module had loaded goes the way of any chosen file, once. Before this,
  // a file given early was silently dropped by the inert drop zone (a slow connection, a quick owner).
  const tookEarlyFile = useRef(false);
  useEffect(() => {
    if (tookEarlyFile.current || !earlyFile) return;
    tookEarlyFile.current = true;
    onEarlyFileTaken?.();
    void choose(earlyFile);
  });

  const file = uppy.getFiles()[0];
  /** Pause and Resume; an upload restored after a reload resumes through Golden Retriever, from its stored parts. */
  const pauseOrResume = () => {
    if (!file) return;
    if (audio.kind === 'uploading' && audio.paused && uppy.getState().recoveredState) {
      uppy.emit('restore-confirmed');
      onAudio(uploading(uppy.getFile(file.id), false));
    } else uppy.pauseResume(file.id);
  };
  const startOver = () => {
    uppy.cancelAll();
    onAudio({ kind: 'none' });
  };

  switch (audio.kind) {
    case 'none':
      return <AudioDropZone ref={chooseButton} onFile={(chosen) => void choose(chosen)} />;
    case 'refused':
      return (
        <div className="grid gap-3">
          <Problem fileName={audio.fileName} message={audio.message} />
          <AudioDropZone ref={chooseButton} onFile={(chosen) => void choose(chosen)} prompt="Drop another audio file here, or" />
        </div>
      );
    case 'uploading': {
      if (audio.waitingForFile) {
        return (
          <AudioDropZone
            ref={chooseButton}
            onFile={(chosen) => void choose(chosen)}
            prompt={`Choose ${audio.fileName} again to continue its upload, or drop another file`}
          />
        );
      }
      const percent = audio.bytesTotal > 0 ? Math.floor((audio.bytesUploaded / audio.bytesTotal) * 100) : 0;
      return (
        <FileCard fileName={audio.fileName}>
          <div
            role="progressbar"
            aria-label={`Uploading ${audio.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-line"
          >
            <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-fg-muted" aria-live="off">
              {audio.paused ? 'Paused' : 'Uploading'}: {percent}% of {formatFileSize(audio.bytesTotal)}
            </p>
            <div className="flex gap-2">
              <Button ref={primaryControl} variant="secondary" size="sm" onClick={pauseOrResume}>
                {audio.paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
                {audio.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button variant="ghost" size="sm" onClick={startOver}>
                <X aria-hidden className="size-4" />
                Cancel
              </Button>
            </div>
          </div>
        </FileCard>
      );
    }
    case 'checking':
      return (
        <FileCard fileName={audio.fileName}>
          <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            Uploaded; checking the file…
          </p>
        </FileCard>
      );
    case 'ready':
      return (
        <FileCard fileName={audio.fileName}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span
              role="status"
              className="inline-flex items-center gap-1.5 rounded-full bg-success/15 px-3 py-1 text-sm font-medium text-success"
            >
              <CheckCircle2 aria-hidden className="size-4" />
              Audio file uploaded
            </span>
            <Button ref={primaryControl} variant="ghost" size="sm" onClick={startOver}>
              Choose another file
            </Button>
          </div>
        </FileCard>
      );
    case 'failed':
      return (
        <div className="grid gap-3">
          <Problem fileName={audio.fileName} message={audio.message} />
          <div className="flex flex-wrap gap-2">
            <Button
              ref={primaryControl}
              variant="secondary"
              size="sm"
              onClick={() => {
                if (!file) return startOver();
                onAudio(uploading(file, false));
                void uppy.retryUpload(file.id);
              }}
            >
              <RotateCcw aria-hidden className="size-4" />
              Retry
            </Button>
            <Button variant="ghost" size="sm" onClick={startOver}>
              Choose another file
            </Button>
          </div>
        </div>
      );
  }
}

function FileCard({ fileName, children }: { fileName: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-3 rounded-xl border border-line-strong bg-ink/40 p-4">
      <p className="break-all text-sm font-medium text-fg">{fileName}</p>
      {children}
    </div>
  );
}

/** The one message a stopped or refused upload gets: nothing else claims the file was uploaded. */
function Problem({ fileName, message }: { fileName: string; message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-danger/60 bg-danger-surface/50 px-4 py-3 text-sm text-red-200">
      <p className="break-all font-medium">{fileName}</p>
      <p>{message}</p>
    </div>
  );
}
