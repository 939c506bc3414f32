import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { isAcceptedClientFile, NOT_ACCEPTED_FILE } from '#common/accepted-files.ts';
import { CLIENT_UPLOAD_STATUSES } from '#common/project-lifecycle.ts';
import {
  CLIENT_FILE_CATEGORIES,
  CLIENT_FILE_CATEGORY_LABELS,
  MAX_PROJECT_FILES,
  type ClientFileCategory,
  type PortalProjectView,
  type ProjectFileView,
} from '#common/projects.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import { ProjectFileUploader } from '#app/features/file-uploader/project-file-uploader.tsx';

/**
 * Where the client sends files: first what they are (stems, a reference...), then the uploader.
 * Open until the work is delivered (after approval too: a last reference for the master); the server
 * refuses new files from then on. While the studio's payment plan holds the work for the deposit,
 * it says so instead (the server answers 402 then).
 */
export function UploadArea({
  project,
  onRegistered,
  depositDue,
}: {
  project: PortalProjectView;
  onRegistered: (file: ProjectFileView) => void;
  /** The deposit the work waits for, worded ("$175.00"), while the studio's plan holds uploads for it (decision 103); else null. */
  depositDue: string | null;
}) {
  const [category, setCategory] = useState<ClientFileCategory>('stems');
  const id = useId();
  const open = CLIENT_UPLOAD_STATUSES.includes(project.status);

  return (
    <section aria-labelledby="upload-heading" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="upload-heading" className="text-lg font-semibold text-fg">
        Upload files
      </h2>
      {open && depositDue ? (
        <p role="note" className="mt-2 flex gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4 text-sm text-fg">
          <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
          <span>
            The studio starts once the deposit of <strong className="font-semibold">{depositDue}</strong> is paid: uploads open then. You
            can pay it in Payments above.
          </span>
        </p>
      ) : open ? (
        <>
          <p className="mt-1 text-sm text-fg-muted">
            Large files are sent in parts: pause and resume whenever you need, or pick up after a reload. Up to {MAX_PROJECT_FILES} files
            per project.
          </p>
          <div className="mt-4 grid gap-2">
            <label htmlFor={`${id}-category`} className="text-sm font-medium text-fg">
              These files are
            </label>
            <select
              id={`${id}-category`}
              value={category}
              onChange={(event) => setCategory(event.target.value as ClientFileCategory)}
              aria-describedby={`${id}-category-hint`}
              className={cn(inputClasses, 'sm:max-w-xs')}
            >
              {CLIENT_FILE_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {CLIENT_FILE_CATEGORY_LABELS[value]}
                </option>
              ))}
            </select>
            <p id={`${id}-category-hint`} className="text-xs text-fg-subtle">
              Applies to the files waiting to upload. Choose again before adding files of another kind.
            </p>
          </div>
          <div className="mt-4">
            <ProjectFileUploader
              projectId={project.id}
              registerPath={`/api/portal/projects/${project.id}/files`}
              extraBody={{ category }}
              acceptsHead={isAcceptedClientFile}
              refusedHeadMessage={NOT_ACCEPTED_FILE}
              onRegistered={(file, { again }) => {
                onRegistered(file);
                if (!again) toast({ title: 'File received', description: `${file.name} is in your project. We are checking it now.` });
              }}
              onRefused={(name, reason) =>
                toast({ title: 'Upload not accepted', description: `${name}: ${reason}`, variant: 'destructive' })
              }
            />
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">
          This project no longer takes new files. If you need to send something, reply to the studio&apos;s e-mail.
        </p>
      )}
    </section>
  );
}
