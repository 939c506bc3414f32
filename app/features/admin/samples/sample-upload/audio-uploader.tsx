import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import '#app/features/file-uploader/uppy-dark.css';
import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import GoldenRetriever from '@uppy/golden-retriever';
import DashboardModal from '@uppy/react/dashboard-modal';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { api } from '#app/lib/api.ts';
import { useSessionEnded } from '#app/lib/session-ended.ts';
import { MULTIPART_OPTIONS, multipartCalls } from '#app/features/file-uploader/multipart-calls.ts';
import { RECOVERY_STORE, UPLOAD_DIALOG_NAME, UPLOAD_NOTE, UPPY_LOCALE, UPPY_RESTRICTIONS } from './uppy-options.ts';
import { useModalWithoutScroll } from './use-modal-without-scroll.ts';

export interface UploadedAudio {
  /** The registered object path, or the raw upload URL when registration failed. */
  audioUrl: string;
  registered: boolean;
  fileName: string;
  /** Why registration failed, when it did without refusing the file. */
  reason?: string;
}

interface Props {
  onUploaded: (audio: UploadedAudio) => void;
  /** The server refused the file at registration (not audio, too large, too long): nothing usable was uploaded. */
  onRefused: (reason: string) => void;
  onRemoved: () => void;
  /** Bumped by the form after a successful create: the uploader starts over. */
  resetKey: number;
}

/** Registration answers these when the file itself is unacceptable; anything else may be the server's trouble. */
const REFUSED_STATUSES = new Set([400, 413, 415, 422]);

/**
 * The Uppy Dashboard modal with the S3 plugin in multipart mode for every file, talking to
 * /api/uploads: parts are PUT to the URLs the server signs, so a pause, a retry or a reloaded tab
 * (Golden Retriever) continues from the parts already stored. The completed file is then registered
 * with PUT /api/audio-files; a refusal is shown in the dialog with the server's reason.
 * Loaded lazily, so Uppy reaches the browser only when the owner opens Upload New.
 */
export default function AudioUploader({ onUploaded, onRefused, onRemoved, resetKey }: Props) {
  const [open, setOpen] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  // Uppy's modal keeps focus to itself: it steps aside while the login dialog is up, and comes back
  // after the login with the upload (whose request was waiting for it) going on.
  const sessionEnded = useSessionEnded();
  const visible = open && !sessionEnded;
  const openDialog = useModalWithoutScroll(visible, host, UPLOAD_DIALOG_NAME, setOpen);
  const [uppy] = useState(() =>
    new Uppy({ id: 'sample-audio', autoProceed: false, restrictions: UPPY_RESTRICTIONS, locale: UPPY_LOCALE })
      .use(AwsS3, { ...MULTIPART_OPTIONS, ...multipartCalls })
      // The file's blob goes to IndexedDB (under the upload limit), so a reload resumes rather than asks for it again.
      .use(GoldenRetriever, { indexedDB: RECOVERY_STORE as { name?: string } }),
  );

  useEffect(() => {
    const onSuccess = (file: UppyFile<Record<string, unknown>, Record<string, never>> | undefined, response: { uploadURL?: string }) => {
      const location = response.uploadURL;
      if (!file || !location) return;
      const fileName = file.name ?? 'audio';
      void api<{ objectPath: string }>('PUT', '/api/audio-files', { audioFileURL: location }).then((registration) => {
        if (registration.ok) {
          onUploaded({ audioUrl: registration.data.objectPath, registered: true, fileName });
          setOpen(false);
          return;
        }
        const reason = registration.errors.audioFileURL?.[0] ?? registration.serverMessage ?? registration.message;
        if (REFUSED_STATUSES.has(registration.status)) {
          // The file stays in the dialog, marked failed with the server's words; the form shows no badge.
          const current = uppy.getFile(file.id);
          if (current) uppy.emit('upload-error', current, new Error(reason));
          uppy.info(reason, 'error', 10_000);
          onRefused(reason);
          return;
        }
        onUploaded({ audioUrl: location, registered: false, fileName, reason });
      });
    };
    const onRemove = () => onRemoved();
    uppy.on('upload-success', onSuccess);
    uppy.on('file-removed', onRemove);
    return () => {
      uppy.off('upload-success', onSuccess);
      uppy.off('file-removed', onRemove);
    };
  }, [uppy, onUploaded, onRefused, onRemoved]);

  // A tab that was reloaded or crashed mid-upload: the restored file is offered in the dialog.
  useEffect(() => {
    const onRestored = () => {
      if (uppy.getFiles().some((file) => !file.progress.uploadComplete)) openDialog();
    };
    uppy.on('restored', onRestored);
    return () => void uppy.off('restored', onRestored);
  }, [uppy, openDialog]);

  useEffect(() => {
    if (resetKey > 0) uppy.clear();
  }, [uppy, resetKey]);

  // Leaving the page pauses a running upload, leaving its parts for Golden Retriever to resume.
  // (Not destroy(): React's development double mount would leave a destroyed instance behind.)
  useEffect(() => () => uppy.pauseAll(), [uppy]);

  return (
    <div ref={host} className="contents">
      <Button variant="secondary" onClick={openDialog} aria-haspopup="dialog">
        <Upload aria-hidden className="size-4" />
        Choose audio file
      </Button>
      <DashboardModal
        uppy={uppy}
        open={visible}
        onRequestClose={() => setOpen(false)}
        closeModalOnClickOutside
        proudlyDisplayPoweredByUppy={false}
        disablePageScrollWhenModalOpen={false}
        note={UPLOAD_NOTE}
        theme="dark"
      />
    </div>
  );
}
