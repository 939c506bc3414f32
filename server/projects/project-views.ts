import type { Selectable } from 'kysely';
import type { ProjectStatus } from '#common/project-lifecycle.ts';
import type { FileAnalysis, ProjectBase, ProjectFileView, ProjectPackage, ProjectSummary, ClientFileCategory } from '#common/projects.ts';
import type { TrackView } from '#common/review.ts';
import type { ProjectFilesTable, ProjectsTable } from '#server/db/schema.ts';
import { filesExpireAt } from './retention-dates.ts';

export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectFileRow = Selectable<ProjectFilesTable>;

export function toFileView(row: ProjectFileRow): ProjectFileView {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    sha256: row.sha256,
    side: row.side,
    category: row.category as ClientFileCategory | 'delivery',
    createdAt: row.createdAt,
    analysisState: row.analysisState,
    analysis: row.analysis ? (JSON.parse(row.analysis) as FileAnalysis) : null,
    removedAt: row.removedAt,
  };
}

/** What both the studio and the client see of a project. */
export function toProjectBase(row: ProjectRow, files: ProjectFileRow[], tracks: TrackView[]): ProjectBase {
  const views = files.map(toFileView);
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    packageKey: row.packageKey as ProjectPackage,
    packageTitle: row.packageTitle,
    revisionsIncluded: row.revisionsIncluded,
    dueDate: row.dueDate,
    clientName: row.clientName,
    clientNotes: row.clientNotes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    filesExpireAt: filesExpireAt(row),
    filesRemovedAt: row.filesRemovedAt,
    files: views.filter((file) => file.side === 'client'),
    deliveries: views.filter((file) => file.side === 'studio'),
    tracks,
  };
}

/** A project in a list (the owner's, the client's): its counts of files each side sent. */
export function toProjectSummary(row: ProjectRow, counts = { client: 0, studio: 0 }): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status as ProjectStatus,
    clientName: row.clientName,
    packageTitle: row.packageTitle,
    dueDate: row.dueDate,
    fileCount: counts.client,
    deliveryCount: counts.studio,
    updatedAt: row.updatedAt,
    waitingForStudio:
      row.lastClientActivityAt !== null && (row.lastStudioActivityAt === null || row.lastClientActivityAt > row.lastStudioActivityAt),
  };
}
