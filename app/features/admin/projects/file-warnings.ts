import type { ProjectFileView } from '#common/projects.ts';

/*
 * ADAPTER, to wire at merge: the studio's file rules are being written on branch `audio` as
 * `common/project-file-warnings.ts`, whose `projectFileWarnings(files)` answers this same shape.
 * Once it is on main, this whole file becomes:
 *   export { projectFileWarnings } from '#common/project-file-warnings.ts';
 * Until then no file gets a warning (the table and its warning rows are already in place).
 */

export interface ProjectFileWarnings {
  /** Each file's warnings, in the order of `files`. */
  files: string[][];
  /** Warnings about the stems as a set (lengths, sample rates). */
  stems: string[];
}

export function projectFileWarnings(files: readonly Pick<ProjectFileView, 'name' | 'category' | 'analysis'>[]): ProjectFileWarnings {
  return { files: files.map(() => []), stems: [] };
}
