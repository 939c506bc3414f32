import { lazy, Suspense } from 'react';
import { cn } from '#app/lib/cn.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import type { ProjectFileUploaderProps } from './project-file-uploader-props.ts';
import { PROJECT_UPLOAD_NOTE } from './project-upload-rules.ts';

const ProjectFileUploaderDashboard = lazy(() => import('./project-file-uploader-dashboard.tsx'));

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
