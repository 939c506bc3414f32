import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import DashboardModal from '@uppy/react/dashboard-modal';
import { Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { useSessionEnded } from '#app/lib/session-ended.ts';
import { UPLOAD_NOTE, UPPY_RESTRICTIONS } from './uppy-options';

export interface UploadedAudio {
  /** The registered object path, or the raw upload URL when registration failed. */
  audioUrl: string;
  registered: boolean;
  fileName: string;
}

interface Props {
  onUploaded: (audio: UploadedAudio) => void;
  onRemoved: () => void;
  /** Bumped by the form after a successful create: the uploader starts over. */
  resetKey: number;
}

/**
 * The Uppy Dashboard modal with the S3 plugin in single-PUT mode: the grant comes from
 * POST /api/objects/upload, the bytes go by PUT to that URL, then PUT /api/audio-files registers it.
 * Loaded lazily, so Uppy reaches the browser only when the owner opens Upload New.
 */
export default function AudioUploader({ onUploaded, onRemoved, resetKey }: Props) {
  const [open, setOpen] = useState(false);
  // Uppy's modal keeps focus to itself: it steps aside while the login dialog is up, and comes back
  // after the login with the upload (whose grant request was waiting for it) going on.
  const sessionEnded = useSessionEnded();
  const [uppy] = useState(() => {
    // The grant of each file's latest attempt: a resume or retry asks for a fresh, single-use grant.
    const grants = new Map<string, string>();
    const instance = new Uppy({ id: 'sample-audio', autoProceed: false, restrictions: UPPY_RESTRICTIONS }).use(AwsS3, {
      shouldUseMultipart: false,
      async getUploadParameters(file) {
        const grant = await api<{ uploadURL: string }>('POST', '/api/objects/upload');
        // Uppy shows a rejection as the file's upload error.
        if (!grant.ok) throw new Error(grant.message);
        // The local store answers a path on this origin; Uppy needs an absolute URL (it parses it).
        const uploadURL = new URL(grant.data.uploadURL, window.location.href).href;
        grants.set(file.id, uploadURL);
        return { method: 'PUT', url: uploadURL, fields: {}, headers: { 'Content-Type': file.type || 'application/octet-stream' } };
      },
    });
    return Object.assign(instance, { grants });
  });

  useEffect(() => {
    const onSuccess = (file: { id: string; name?: string } | undefined) => {
      if (!file) return;
      const uploadURL = uppy.grants.get(file.id);
      if (!uploadURL) return;
      void api<{ objectPath: string }>('PUT', '/api/audio-files', { audioFileURL: uploadURL }).then((registration) => {
        const fileName = file.name ?? 'audio';
        if (!registration.ok && registration.status === 422) {
          // Refused for what the file holds (longer than the limit): say why, and let the owner pick another.
          const reason = registration.errors.audioFileURL?.[0] ?? registration.serverMessage ?? registration.message;
          uppy.info(reason, 'error', 10_000);
          toast({ title: 'Upload refused', description: reason, variant: 'destructive' });
          uppy.cancelAll();
          return;
        }
        if (!registration.ok) return onUploaded({ audioUrl: uploadURL, registered: false, fileName });
        onUploaded({ audioUrl: registration.data.objectPath, registered: true, fileName });
        setOpen(false);
      });
    };
    const onRemove = () => onRemoved();
    uppy.on('upload-success', onSuccess);
    uppy.on('file-removed', onRemove);
    return () => {
      uppy.off('upload-success', onSuccess);
      uppy.off('file-removed', onRemove);
    };
  }, [uppy, onUploaded, onRemoved]);

  useEffect(() => {
    if (resetKey > 0) uppy.clear();
  }, [uppy, resetKey]);

  // Leaving the page stops a running upload. (Not destroy(): React's development double mount would
  // leave a destroyed instance behind.)
  useEffect(() => () => uppy.cancelAll(), [uppy]);

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Upload aria-hidden className="size-4" />
        Choose audio file
      </Button>
      <DashboardModal
        uppy={uppy}
        open={open && !sessionEnded}
        onRequestClose={() => setOpen(false)}
        closeModalOnClickOutside
        proudlyDisplayPoweredByUppy={false}
        note={UPLOAD_NOTE}
        theme="dark"
      />
    </>
  );
}
