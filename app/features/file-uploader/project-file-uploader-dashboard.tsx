import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './uppy-dark.css';
import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import GoldenRetriever from '@uppy/golden-retriever';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ProjectFileView } from '#common/projects.ts';
import { SIGNATURE_BYTES } from '#common/audio-format.ts';
import { api } from '#app/lib/api.ts';
import { MULTIPART_OPTIONS, multipartCalls } from './multipart-calls.ts';
import type { ProjectFileUploaderProps } from './project-file-uploader-props.ts';
import { whenRestored } from './when-restored.ts';
import { useUppyMarkupFixes } from './use-uppy-markup-fixes.ts';
import { PROJECT_RECOVERY_STORE, PROJECT_UPLOAD_NOTE, PROJECT_UPPY_LOCALE, PROJECT_UPPY_RESTRICTIONS } from './project-upload-rules.ts';

type FileMeta = { projectId: number; registration?: Record<string, unknown> } & Record<string, unknown>;
type ProjectUppyFile = UppyFile<FileMeta, Record<string, never>>;

const notStarted = (file: ProjectUppyFile) => !file.progress.uploadStarted;

/**
 * The Uppy part of ProjectFileUploader (loaded lazily, in the browser only): an inline Dashboard, the
 * S3 plugin in multipart mode against /api/uploads with the project named in each file's meta, Golden
 * Retriever for reloads, and the registration of each finished file. One Uppy per project and
 * destination (files, deliveries, a track's versions), so a reload restores each upload where it was going.
 */
export default function ProjectFileUploaderDashboard({
  projectId,
  registerPath,
  extraBody,
  onRegistered,
  onRefused,
  allowedFileTypes,
  acceptsHead,
  refusedHeadMessage,
  note,
  height,
  disabled,
}: ProjectFileUploaderProps) {
  const [uppy] = useState(() =>
    new Uppy<FileMeta, Record<string, never>>({
      // One saved-upload store per destination: a mix restored after a reload is never registered as a delivery.
      id: `project-files-${projectId}-${registerPath}`,
      autoProceed: false,
      restrictions: { ...PROJECT_UPPY_RESTRICTIONS, ...(allowedFileTypes ? { allowedFileTypes } : {}) },
      locale: PROJECT_UPPY_LOCALE,
      meta: { projectId },
    })
      .use(AwsS3, { ...MULTIPART_OPTIONS, ...multipartCalls })
      .use(GoldenRetriever, { indexedDB: PROJECT_RECOVERY_STORE as { name?: string } }),
  );

  // The callbacks and the body change with the page's state; the listeners read the latest ones.
  const latest = useRef({ registerPath, extraBody, onRegistered, onRefused, acceptsHead, refusedHeadMessage });
  useEffect(() => {
    latest.current = { registerPath, extraBody, onRegistered, onRefused, acceptsHead, refusedHeadMessage };
  });

  useFirstBytesCheck(uppy, latest);

  // A file takes the registration body chosen when it was added, and the current one while it waits:
  // changing the category before pressing Upload changes it for the files not yet started. A file
  // restored after a reload and selected again (too large to be kept) keeps the body it had.
  useEffect(() => {
    const stamp = (file: ProjectUppyFile | undefined) => {
      if (file && file.meta.registration === undefined)
        uppy.setFileMeta(file.id, { projectId, registration: latest.current.extraBody ?? {} });
    };
    uppy.on('file-added', stamp);
    return () => void uppy.off('file-added', stamp);
  }, [uppy, projectId]);
  // By value: a caller writing `extraBody={{ category }}` makes a new object every render.
  const bodyKey = JSON.stringify(extraBody ?? {});
  const firstBody = useRef(bodyKey);
  useEffect(() => {
    // Not at mount: the page's default must not overwrite what restored files were given before the reload.
    if (bodyKey === firstBody.current) return;
    firstBody.current = bodyKey;
    const registration = JSON.parse(bodyKey) as Record<string, unknown>;
    for (const file of uppy.getFiles()) if (notStarted(file)) uppy.setFileMeta(file.id, { projectId, registration });
  }, [uppy, projectId, bodyKey]);

  useEffect(() => {
    /** Registers a finished upload; registering it again (after a reload) answers the same file. */
    const register = async (file: ProjectUppyFile, location: string, again = false) => {
      const name = file.name ?? 'file';
      const body = { ...(file.meta.registration ?? {}), objectPath: location };
      const registration = await api<ProjectFileView>('POST', latest.current.registerPath, body);
      if (registration.ok) {
        latest.current.onRegistered?.(registration.data, { again });
        return true;
      }
      const reason = registration.errors.objectPath?.[0] ?? registration.serverMessage ?? registration.message;
      // The file stays in the Dashboard, marked failed with the server's words.
      const current = uppy.getFile(file.id);
      if (current) uppy.emit('upload-error', current, new Error(reason));
      uppy.info(`${name}: ${reason}`, 'error', 10_000);
      latest.current.onRefused?.(name, reason);
      return false;
    };
    const onSuccess = (file: ProjectUppyFile | undefined, response: { uploadURL?: string; body?: { location?: string } }) => {
      const location = response.body?.location ?? response.uploadURL;
      if (file && location) void register(file, location);
    };
    // After a reload the uploader shows only what is still to do: a finished file is registered
    // (again: the answer may have been lost with the page) and leaves the list.
    const onRestored = () => {
      for (const file of uppy.getFiles()) {
        if (!file.progress.uploadComplete) {
          // Not running until the client says so: the heading reads "paused", not "Uploading 1 file" beside "Upload 1 file".
          if (file.progress.uploadStarted && !file.isPaused) uppy.setFileState(file.id, { isPaused: true });
          continue;
        }
        const location = (file.response?.body as { location?: string } | undefined)?.location ?? file.response?.uploadURL;
        if (!location) {
          uppy.removeFile(file.id);
          continue;
        }
        void register(file, location, true).then((registered) => {
          if (registered && uppy.getFile(file.id)) uppy.removeFile(file.id);
        });
      }
    };
    uppy.on('upload-success', onSuccess);
    const stopWaiting = whenRestored(uppy, onRestored);
    return () => {
      uppy.off('upload-success', onSuccess);
      stopWaiting();
    };
  }, [uppy]);

  const host = useRef<HTMLDivElement>(null);
  useUppyMarkupFixes(host);
  // Phones get a shorter drop area: Uppy puts its words at the top there, leaving the rest empty.
  const [defaultHeight] = useState(() => (window.matchMedia('(min-width: 640px)').matches ? 360 : 280));

  // Leaving the page pauses running uploads, leaving their parts for Golden Retriever to resume.
  // (Not destroy(): React's development double mount would leave a destroyed instance behind.)
  useEffect(() => () => uppy.pauseAll(), [uppy]);

  return (
    <div ref={host}>
      <Dashboard
        uppy={uppy}
        width="100%"
        height={height ?? defaultHeight}
        note={note ?? PROJECT_UPLOAD_NOTE}
        theme="dark"
        proudlyDisplayPoweredByUppy={false}
        // Pause, resume and retry stay on screen: a GB-size upload must be stoppable and continuable.
        hidePauseResumeButton={false}
        hideRetryButton={false}
        hideProgressDetails={false}
        hideCancelButton={false}
        showRemoveButtonAfterComplete={false}
        disabled={disabled}
      />
    </div>
  );
}

type HeadCheck = Pick<ProjectFileUploaderProps, 'acceptsHead' | 'refusedHeadMessage' | 'onRefused'>;

/**
 * A renamed program or a document is refused by its first bytes as it is added, on either store
 * (a bucket takes parts straight from the browser, so the server can only judge it after the upload).
 */
function useFirstBytesCheck(uppy: Uppy<FileMeta, Record<string, never>>, latestRef: RefObject<HeadCheck>) {
  useEffect(() => {
    const judge = async (file: ProjectUppyFile | undefined) => {
      const accepts = latestRef.current.acceptsHead;
      if (!accepts || !file || file.progress.uploadStarted || !(file.data instanceof Blob)) return;
      const head = new Uint8Array(await file.data.slice(0, SIGNATURE_BYTES).arrayBuffer());
      if (accepts(head) || !uppy.getFile(file.id)) return;
      uppy.removeFile(file.id);
      const reason = latestRef.current.refusedHeadMessage ?? 'This file cannot be sent here';
      uppy.info(`${file.name ?? 'file'}: ${reason}`, 'error', 10_000);
      latestRef.current.onRefused?.(file.name ?? 'file', reason);
    };
    const onAdded = (file: ProjectUppyFile | undefined) => void judge(file);
    uppy.on('file-added', onAdded);
    return () => void uppy.off('file-added', onAdded);
  }, [uppy, latestRef]);
}
