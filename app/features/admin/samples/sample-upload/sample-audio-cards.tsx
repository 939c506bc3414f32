import { CheckCircle2, Loader2, Pause, Play, RotateCcw, X } from 'lucide-react';
import type { Ref } from 'react';
import { formatFileSize } from '#common/file-size.ts';
import { Button } from '#app/components/ui/button.tsx';
import type { SampleAudio } from './sample-audio.ts';

/*
 * What the sample uploader shows of a file given: its upload going up, being checked, ready, or
 * stopped. `controlRef` takes the control keyboard focus moves to when the one it was on goes away.
 */

type Uploading = Extract<SampleAudio, { kind: 'uploading' }>;

export function UploadingCard({
  audio,
  controlRef,
  onPauseOrResume,
  onCancel,
}: {
  audio: Uploading;
  controlRef: Ref<HTMLButtonElement>;
  onPauseOrResume: () => void;
  onCancel: () => void;
}) {
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
          <Button ref={controlRef} variant="secondary" size="sm" onClick={onPauseOrResume}>
            {audio.paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
            {audio.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            <X aria-hidden className="size-4" />
            Cancel
          </Button>
        </div>
      </div>
    </FileCard>
  );
}

export function CheckingCard({ fileName }: { fileName: string }) {
  return (
    <FileCard fileName={fileName}>
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Uploaded; checking the file…
      </p>
    </FileCard>
  );
}

export function ReadyCard({
  fileName,
  controlRef,
  onChooseAnother,
}: {
  fileName: string;
  controlRef: Ref<HTMLButtonElement>;
  onChooseAnother: () => void;
}) {
  return (
    <FileCard fileName={fileName}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span
          role="status"
          className="inline-flex items-center gap-1.5 rounded-full bg-success/15 px-3 py-1 text-sm font-medium text-success"
        >
          <CheckCircle2 aria-hidden className="size-4" />
          Audio file uploaded
        </span>
        <Button ref={controlRef} variant="ghost" size="sm" onClick={onChooseAnother}>
          Choose another file
        </Button>
      </div>
    </FileCard>
  );
}

export function FailedNotice({
  fileName,
  message,
  controlRef,
  onRetry,
  onChooseAnother,
}: {
  fileName: string;
  message: string;
  controlRef: Ref<HTMLButtonElement>;
  onRetry: () => void;
  onChooseAnother: () => void;
}) {
  return (
    <div className="grid gap-3">
      <Problem fileName={fileName} message={message} />
      <div className="flex flex-wrap gap-2">
        <Button ref={controlRef} variant="secondary" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden className="size-4" />
          Retry
        </Button>
        <Button variant="ghost" size="sm" onClick={onChooseAnother}>
          Choose another file
        </Button>
      </div>
    </div>
  );
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
export function Problem({ fileName, message }: { fileName: string; message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-danger/60 bg-danger-surface/50 px-4 py-3 text-sm text-red-200">
      <p className="break-all font-medium">{fileName}</p>
      <p>{message}</p>
    </div>
  );
}
