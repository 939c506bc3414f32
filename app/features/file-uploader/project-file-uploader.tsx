import { lazy, Suspense } from 'react';
import type { ProjectFileView } from '#common/projects.ts';
import { cn } from '#app/lib/cn.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { PROJECT_UPLOAD_NOTE } from './project-upload-rules.ts';

const ProjectFileUploaderDashboard = lazy(() => import('./project-file-uploader-dashboard.tsx'));

export interface ProjectFileUploaderProps {
  /** The project the files go into: sent as `metadata.projectId` when each multipart upload starts. */
  projectId: number;
  /**
   * Where each finished upload is registered, with `POST {objectPath, ...extraBody}`: the client's
   * `/api/portal/projects/:id/files`, or the owner's `/api/admin/projects/:id/deliveries`.
   */
  registerPath: string;
  /**
   * More fields for the registration body, e.g. `{category: 'stems'}`. A file keeps the value current
   * when it was added (and while it waits to start), so a category chosen before Upload sticks to it.
   */
  extraBody?: Record<string, unknown>;
  /**
   * A file was uploaded and registered: the server's view of it (analysis pending). `again`: a file
   * finished before a reload, registered once more to be sure (the same file; nothing new to announce).
   */
  onRegistered?: (file: ProjectFileView, info: { again: boolean }) => void;
  /** A file was uploaded but its registration failed; the Dashboard marks it failed with `reason` too. */
  onRefused?: (fileName: string, reason: string) => void;
  /**
   * Judges a file by its first bytes (SIGNATURE_BYTES of them) when it is added: a file it refuses is
   * removed with `refusedHeadMessage` before any byte is sent. The server judges it again.
   */
  acceptsHead?: (head: Uint8Array) => boolean;
  refusedHeadMessage?: string;
  /** Overrides the accepted extensions (default: audio formats and ZIP, PROJECT_FILE_EXTENSIONS). */
  allowedFileTypes?: string[];
  /** The line under the drop area (default: the accepted formats and the 5 GB limit). */
  note?: string;
  /** The Dashboard's height in px (default 360, 280 on phones). */
  height?: number;
  disabled?: boolean;
}

/**
 * The project uploader, shared by the client portal (stems, references) and the admin's Projects area
 * (deliveries): an inline Uppy Dashboard with resumable multipart uploads through /api/uploads (pause,
 * resume, retry; a reload resumes through Golden Retriever), any audio format or ZIP up to 5 GB per
 * file, each finished file registered at `registerPath`.
 *
 *   <ProjectFileUploader projectId={7} registerPath="/api/portal/projects/7/files"
 *     extraBody={{ category }} onRegistered={(file) => refresh()} />
 *
 * Uppy reaches the browser only here, after hydration, loaded on demand; until then (and without
 * JavaScript) a placeholder of the same size says what the area is for.
 */
export function ProjectFileUploader(props: ProjectFileUploaderProps) {
  const hydrated = useHydrated();
  const placeholder = <UploaderPlaceholder height={props.height} note={props.note ?? PROJECT_UPLOAD_NOTE} />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ProjectFileUploaderDashboard key={`${props.projectId}:${props.registerPath}`} {...props} />
    </Suspense>
  );
}

function UploaderPlaceholder({ height, note }: { height?: number; note: string }) {
  return (
    <div
      style={height ? { height } : undefined}
      className={cn(
        'grid place-content-center gap-2 rounded-xl border border-dashed border-line-strong bg-surface p-6 text-center',
        // The Dashboard's own heights (project-file-uploader-dashboard.tsx), so nothing moves when it arrives.
        !height && 'h-[280px] sm:h-[360px]',
      )}
    >
      <p className="font-medium text-fg">Loading the uploader…</p>
      <p className="text-sm text-fg-muted">{note}</p>
      <noscript>
        <p className="text-sm text-accent">Uploading needs JavaScript turned on in your browser.</p>
      </noscript>
    </div>
  );
}
