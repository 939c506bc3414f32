import type { ReactNode } from 'react';
import { Archive, Download, Lock } from 'lucide-react';
import type { ProjectFileView } from '#common/projects.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { formatDuration, formatSize } from './format.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';

const downloadPath = (projectId: number, file: ProjectFileView) => `/api/portal/projects/${projectId}/files/${file.id}/download`;

/**
 * The studio's deliveries: each file to download, or all of them as one ZIP (listed only, for a
 * collaborator who may not download). While they wait for payment, `lock` says so in place of the
 * download buttons, which would only meet a 402.
 */
export function Deliveries({
  projectId,
  deliveries,
  downloadable = true,
  lock = null,
}: {
  projectId: number;
  deliveries: ProjectFileView[];
  downloadable?: boolean;
  lock?: ReactNode;
}) {
  const locked = lock !== null && downloadable && deliveries.some((file) => !file.removedAt);
  const available = downloadable && !locked ? deliveries.filter((file) => !file.removedAt) : [];
  return (
    <section aria-labelledby="deliveries-heading" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="deliveries-heading" className="text-lg font-semibold text-fg">
          Deliveries
        </h2>
        {available.length > 0 ? (
          // A plain link: the browser downloads the ZIP itself, streamed, whatever its size.
          <a href={`/api/portal/projects/${projectId}/deliveries.zip`} download className={buttonClasses('primary', 'sm')}>
            <Archive aria-hidden className="size-4" />
            Download all (ZIP)
          </a>
        ) : null}
      </div>
      {locked ? lock : null}
      {deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">Your mixes and masters will appear here, ready to download, as soon as they are done.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line">
          {deliveries.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="break-all font-medium text-fg">{file.name}</p>
                <p className="mt-0.5 text-sm text-fg-subtle">
                  {formatSize(file.size)}
                  {file.analysis?.durationSeconds != null ? ` · ${formatDuration(file.analysis.durationSeconds)}` : ''} · delivered{' '}
                  <LocalDateTime iso={file.createdAt} />
                </p>
              </div>
              {file.removedAt ? (
                <span className="text-sm text-fg-subtle">Removed</span>
              ) : !downloadable ? null : locked ? (
                <span className="inline-flex items-center gap-1.5 text-sm text-fg-subtle">
                  <Lock aria-hidden className="size-4" />
                  Locked until paid
                </span>
              ) : (
                <a
                  href={downloadPath(projectId, file)}
                  download
                  aria-label={`Download ${file.name}`}
                  className={buttonClasses('secondary', 'sm')}
                >
                  <Download aria-hidden className="size-4" />
                  Download
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
