import { Fragment } from 'react';
import { CLIENT_FILE_CATEGORY_LABELS, type ClientFileCategory, type PortalFileView, type ProjectFileView } from '#common/projects.ts';
import { projectFileWarnings } from '#common/project-file-warnings.ts';
import { cn } from '#app/lib/cn.ts';
import { FileCategorySelect, RemoveFileButton } from '#app/features/project-files/file-fix-controls.tsx';
import { AnalysisStateLabel, fileFacts, ShortChecksum, WarningList } from './file-facts.tsx';

const categoryOf = (file: ProjectFileView) => (file.category === 'delivery' ? 'Delivery' : CLIENT_FILE_CATEGORY_LABELS[file.category]);

const th = 'px-3 py-3 text-left text-xs font-semibold uppercase tracking-wider text-fg-subtle whitespace-nowrap';
const td = 'px-3 py-3 align-top text-sm text-fg-muted whitespace-nowrap tabular-nums';

interface Props {
  files: PortalFileView[];
  onRecategorise: (file: ProjectFileView, category: ClientFileCategory) => Promise<boolean>;
  onRemove: (file: ProjectFileView) => Promise<boolean>;
}

const REMOVE_WORDS = 'It is taken out of your project and deleted from our storage. You can upload it again if you need to.';

/**
 * The client's files with what the server measured, and the warnings the studio's file rules imply
 * (per stem, and for the stems as a set). A table on wide screens, one card per file on phones.
 * A file the client may still fix (the server's `canChange`) gets a category select and Remove.
 */
export function FilesTable({ files, onRecategorise, onRemove }: Props) {
  const warnings = projectFileWarnings(files);
  const anyChangeable = files.some((file) => file.canChange);
  const category = (file: PortalFileView) =>
    file.canChange ? <FileCategorySelect file={file} onChange={onRecategorise} /> : categoryOf(file);
  return (
    // min-w-0: as a grid item the section would otherwise grow to the table's width and the page would scroll sideways.
    <section aria-labelledby="files-heading" className="min-w-0 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="files-heading" className="text-lg font-semibold text-fg">
        Your files
      </h2>
      {files.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">Nothing uploaded yet. Files you send appear here with what we measured in them.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-fg-muted">
            We check every file when it arrives: a checksum of what we received, and for audio its format, level and length.
          </p>
          {anyChangeable ? (
            <p className="mt-1 text-sm text-fg-muted">
              Sent something by mistake? You can change a file&apos;s category or remove it for a day after uploading it, and at any time
              until we start work.
            </p>
          ) : null}
          {warnings.stems.length > 0 ? (
            <div role="note" aria-label="About your stems" className="mt-4 rounded-xl border border-accent/40 bg-accent-soft p-4">
              <WarningList warnings={warnings.stems} />
            </div>
          ) : null}
          {/* The table scrolls in its own box when its columns outgrow the page; focusable, so the keyboard scrolls it too. */}
          <div
            role="region"
            aria-label="File measurements"
            tabIndex={0}
            className={cn(
              'mt-4 hidden overflow-x-auto rounded-lg lg:block',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            )}
          >
            <table className="w-full border-collapse">
              <caption className="sr-only">Your files and what we measured in them</caption>
              <thead>
                <tr className="border-b border-line">
                  {[
                    'File',
                    'Category',
                    'Size',
                    'Length',
                    'Sample rate',
                    'Bit depth',
                    'Channels',
                    'Peak',
                    'Loudness',
                    'SHA-256',
                    'Check',
                  ].map((name) => (
                    <th key={name} scope="col" className={th}>
                      {name}
                    </th>
                  ))}
                  {anyChangeable ? (
                    <th scope="col" className={th}>
                      <span className="sr-only">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {files.map((file, index) => {
                  const fileWarnings = warnings.files[index] ?? [];
                  return (
                    <Fragment key={file.id}>
                      <tr className={fileWarnings.length > 0 ? '' : 'border-b border-line'}>
                        <th scope="row" className="min-w-32 max-w-56 break-all px-3 py-3 text-left align-top text-sm font-medium text-fg">
                          {file.name}
                        </th>
                        <td className={file.canChange ? 'px-3 py-2 align-top' : td}>{category(file)}</td>
                        {fileFacts(file).map((fact) => (
                          <td key={fact.label} className={td}>
                            {fact.value}
                          </td>
                        ))}
                        <td className={td}>
                          <ShortChecksum file={file} />
                        </td>
                        <td className={td}>
                          <AnalysisStateLabel file={file} />
                        </td>
                        {anyChangeable ? (
                          <td className="px-3 py-2 text-right align-top">
                            {file.canChange ? <RemoveFileButton file={file} description={REMOVE_WORDS} onRemove={onRemove} /> : null}
                          </td>
                        ) : null}
                      </tr>
                      {fileWarnings.length > 0 ? (
                        <tr className="border-b border-line">
                          <td colSpan={anyChangeable ? 12 : 11} className="px-3 pb-3">
                            <WarningList warnings={fileWarnings} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ul className="mt-4 grid gap-3 lg:hidden">
            {files.map((file, index) => (
              <li key={file.id} className="rounded-xl border border-line bg-ink/40 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 break-all text-sm font-semibold text-fg">{file.name}</h3>
                  <AnalysisStateLabel file={file} />
                </div>
                {file.canChange ? (
                  <div className="mt-2">{category(file)}</div>
                ) : (
                  <p className="mt-1 text-xs text-fg-subtle">{categoryOf(file)}</p>
                )}
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                  {fileFacts(file).map((fact) => (
                    <div key={fact.label}>
                      <dt className="text-xs text-fg-subtle">{fact.label}</dt>
                      <dd className="tabular-nums text-fg-muted">{fact.value}</dd>
                    </div>
                  ))}
                  <div>
                    <dt className="text-xs text-fg-subtle">SHA-256</dt>
                    <dd>
                      <ShortChecksum file={file} />
                    </dd>
                  </div>
                </dl>
                <WarningList warnings={warnings.files[index] ?? []} className="mt-3" />
                {file.canChange ? (
                  <div className="mt-3 flex justify-end border-t border-line pt-2">
                    <RemoveFileButton file={file} description={REMOVE_WORDS} onRemove={onRemove} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
