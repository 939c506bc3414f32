import { AlertTriangle, Download, Loader2 } from 'lucide-react';
import type { ClientFileCategory, ProjectFileView } from '#common/projects.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import { cn } from '#app/lib/cn.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { FileCategorySelect, RemoveFileButton } from '#app/features/project-files/file-fix-controls.tsx';
import { fileFacts } from './file-facts.ts';

interface Props {
  projectId: number;
  files: ProjectFileView[];
  caption: string;
  /** Each file's warnings, in the order of `files`. */
  warnings?: string[][];
  /** The studio takes a file out: a delivery sent by mistake, or a client's file (its own words for each). */
  onDelete?: (file: ProjectFileView) => Promise<boolean>;
  /** The studio files a client's file under another category. */
  onRecategorise?: (file: ProjectFileView, category: ClientFileCategory) => Promise<boolean>;
  /** The client's files have a category; a delivery is always one. */
  showCategory?: boolean;
}

const downloadHref = (projectId: number, file: ProjectFileView) => `/api/admin/projects/${projectId}/files/${file.id}/download`;

const COLUMNS = [
  ['size', 'Size'],
  ['duration', 'Length'],
  ['rate', 'Rate'],
  ['depth', 'Depth'],
  ['channels', 'Channels'],
  ['peak', 'Peak'],
  ['loudness', 'LUFS'],
] as const;

function StateCell({ file }: { file: ProjectFileView }) {
  const { state } = fileFacts(file);
  const pending = file.analysisState === 'pending' && !file.removedAt;
  const trouble = file.analysisState === 'failed' || file.removedAt;
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', trouble ? 'text-fg-subtle' : 'text-fg-muted')}>
      {pending ? <Loader2 aria-hidden className="size-3.5 animate-spin text-accent motion-reduce:animate-none" /> : null}
      {state}
    </span>
  );
}

function Warnings({ items, id }: { items: string[]; id: string }) {
  if (items.length === 0) return null;
  return (
    <ul id={id} className="grid gap-1 text-sm text-yellow-200">
      {items.map((warning) => (
        <li key={warning} className="flex gap-2">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-yellow-300" />
          <span>{warning}</span>
        </li>
      ))}
    </ul>
  );
}

function FileActions({ projectId, file, onDelete }: { projectId: number; file: ProjectFileView; onDelete?: Props['onDelete'] }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {file.removedAt ? null : (
        <a href={downloadHref(projectId, file)} download className={buttonClasses('ghost', 'sm')} aria-label={`Download ${file.name}`}>
          <Download aria-hidden className="size-4" />
          <span className="xl:sr-only">Download</span>
        </a>
      )}
      {onDelete && file.side === 'client' ? (
        <RemoveFileButton
          file={file}
          description="It is taken out of the project and deleted from storage; the client sees the removal in the activity."
          onRemove={onDelete}
        />
      ) : onDelete ? (
        <ConfirmDeleteDialog
          trigger="Delete"
          triggerLabel={`Delete ${file.name}`}
          title="Delete this delivery?"
          description={`${file.name} will be removed from the project and from storage. The client can no longer download it.`}
          confirmLabel="Delete"
          onDelete={() => onDelete(file)}
        />
      ) : null}
    </div>
  );
}

/** The category, as a select where the studio may change it. */
function CategoryCell({ file, onRecategorise }: { file: ProjectFileView; onRecategorise?: Props['onRecategorise'] }) {
  if (!onRecategorise || file.side !== 'client' || file.removedAt) return <>{fileFacts(file).category}</>;
  return <FileCategorySelect file={file} onChange={onRecategorise} />;
}

/**
 * A project's files with what the analysis measured: a table on wide screens, one card per file on
 * narrower ones (twelve columns do not fit a phone). Warnings sit under the file they are about.
 */
export function ProjectFileTable({ projectId, files, caption, warnings, onDelete, onRecategorise, showCategory = true }: Props) {
  const warningsOf = (index: number) => warnings?.[index] ?? [];
  return (
    <>
      <table className="hidden w-full border-collapse text-left text-sm xl:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-xs uppercase tracking-wide text-fg-subtle">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Name
            </th>
            {showCategory ? (
              <th scope="col" className="px-3 py-2 font-semibold">
                Category
              </th>
            ) : null}
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                {label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-semibold">
              SHA-256
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              State
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((file, index) => {
            const facts = fileFacts(file);
            const fileWarnings = warningsOf(index);
            const span = COLUMNS.length + (showCategory ? 5 : 4);
            return [
              <tr key={file.id} className={cn('align-middle', fileWarnings.length === 0 && 'border-b border-line')}>
                <th scope="row" className="max-w-72 py-2.5 pr-3 font-medium text-fg">
                  <span className="block break-all" title={file.name}>
                    {fileWarnings.length > 0 ? (
                      <AlertTriangle aria-label="Has warnings" className="mr-1.5 inline size-4 text-yellow-300" />
                    ) : null}
                    {file.name}
                  </span>
                  <span className="block text-xs font-normal text-fg-subtle">
                    <LocalDateTime iso={file.createdAt} />
                  </span>
                </th>
                {showCategory ? (
                  <td className="whitespace-nowrap px-3 py-2.5 text-fg-muted">
                    <CategoryCell file={file} onRecategorise={onRecategorise} />
                  </td>
                ) : null}
                {COLUMNS.map(([key]) => (
                  <td key={key} className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums text-fg-muted">
                    {facts[key]}
                  </td>
                ))}
                <td className="px-3 py-2.5 font-mono text-xs text-fg-subtle" title={file.sha256 ?? undefined}>
                  {facts.sha}
                </td>
                <td className="px-3 py-2.5">
                  <StateCell file={file} />
                </td>
                <td className="py-2.5 pl-3">
                  <FileActions projectId={projectId} file={file} onDelete={onDelete} />
                </td>
              </tr>,
              fileWarnings.length > 0 ? (
                <tr key={`${file.id}-warnings`} className="border-b border-line">
                  <td colSpan={span} className="pb-3 pr-3">
                    <Warnings items={fileWarnings} id={`file-${file.id}-warnings`} />
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>

      <ul aria-label={caption} className="grid grid-cols-[minmax(0,1fr)] gap-3 xl:hidden">
        {files.map((file, index) => {
          const facts = fileFacts(file);
          return (
            <li key={file.id} className="rounded-lg border border-line bg-ink/40 p-3">
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <p className="min-w-0 flex-1 break-all font-medium text-fg">{file.name}</p>
                <span className="text-sm">
                  <StateCell file={file} />
                </span>
              </div>
              {showCategory && onRecategorise && file.side === 'client' && !file.removedAt ? (
                <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
                  <CategoryCell file={file} onRecategorise={onRecategorise} />
                  <span>{facts.size}</span>
                </div>
              ) : (
                <p className="text-sm text-fg-muted">
                  {showCategory ? `${facts.category} · ` : ''}
                  {facts.size}
                </p>
              )}
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
                {COLUMNS.filter(([key]) => key !== 'size').map(([key, label]) => (
                  <div key={key} className="flex min-w-0 justify-between gap-2">
                    <dt className="text-fg-subtle">{label}</dt>
                    <dd className="whitespace-nowrap tabular-nums text-fg-muted">{facts[key]}</dd>
                  </div>
                ))}
              </dl>
              {warningsOf(index).length > 0 ? (
                <div className="mt-2">
                  <Warnings items={warningsOf(index)} id={`file-${file.id}-warnings-card`} />
                </div>
              ) : null}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-line pt-2">
                <p className="text-xs text-fg-subtle">
                  <LocalDateTime iso={file.createdAt} />
                  <span className="block font-mono" title={file.sha256 ?? undefined}>
                    SHA-256 {facts.sha}
                  </span>
                </p>
                <FileActions projectId={projectId} file={file} onDelete={onDelete} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
