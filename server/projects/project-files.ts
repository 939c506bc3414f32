import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { projectFileKey, projectUploadFromPath } from '#common/object-keys.ts';
import { CLIENT_UPLOAD_STATUSES, type ProjectStatus } from '#common/project-lifecycle.ts';
import { MAX_PROJECT_FILE_BYTES, MAX_PROJECT_FILES, type ClientFileCategory, type ProjectFileView } from '#common/projects.ts';
import type { Database } from '#server/db/schema.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { Actor } from './activity.ts';
import { isAcceptedClientFile, NOT_ACCEPTED_FILE, SIGNATURE_BYTES } from '#common/accepted-files.ts';
import { fileCount, recordRegisteredFile, type Side } from './file-registration.ts';
import { recategoriseFile, removeFileRow, type FileChangeRefusal } from './project-file-changes.ts';
import { toFileView } from './project-views.ts';

export type ReserveOutcome =
  | { kind: 'reserved'; uploadKey: string; objectKey: string; maxBytes: number }
  | { kind: 'not-found' }
  | { kind: 'closed' }
  | { kind: 'too-many' };

export type RegisterOutcome =
  /** `again`: this upload was registered before (a retried registration answers the same file). */
  | { kind: 'registered'; file: ProjectFileView; again?: boolean }
  | { kind: 'not-issued' }
  | { kind: 'not-uploaded' }
  | { kind: 'too-large' }
  | { kind: 'not-accepted' }
  | { kind: 'too-many' };

/** A completed upload taken out of its reservation: where it is and what it was called. */
export interface SpentReservation {
  objectKey: string;
  size: number;
  fileName: string;
}

/** A file as the download routes stream it. */
export interface StoredProjectFile {
  id: number;
  name: string;
  size: number;
  objectKey: string;
  contentType: string;
  createdAt: string;
  /** `studio`: a delivery (locked while the project owes money); `client`: what the client sent. */
  side?: Side;
}

/** A reserved upload never registered within a day is abandoned (its object, if any, is removed). */
export const ABANDONED_PROJECT_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * A project's files: upload keys reserved for it (the upload writes straight to the project's own
 * key), registration once the upload completed, the server's checksum and audio analysis, and the
 * bytes for downloads. Whose project it is, is decided by the caller (routes check the session);
 * when a client may still change a file is decided here, in the change's transaction.
 */
export class ProjectFileService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ObjectStore,
    /** Checksum and analysis of a registered file, in the background (file-processing.ts). */
    private readonly processing: { schedule(fileId: number): void },
  ) {}

  /** Reserves a key for a file about to be uploaded into the project. A client can only add files while the work is open. */
  async reserveUpload(projectId: number, side: Side, uploader: string, fileName: string, now = new Date()): Promise<ReserveOutcome> {
    const project = await this.db.selectFrom('projects').select(['status']).where('id', '=', projectId).executeTakeFirst();
    if (!project) return { kind: 'not-found' };
    if (side === 'client' && !CLIENT_UPLOAD_STATUSES.includes(project.status as ProjectStatus)) return { kind: 'closed' };
    if ((await fileCount(this.db, projectId, side)) >= MAX_PROJECT_FILES) return { kind: 'too-many' };
    const uploadKey = randomUUID();
    await this.db
      .insertInto('projectUploads')
      .values({ uploadKey, projectId, side, uploader, fileName: fileName.slice(0, 255), createdAt: now.toISOString() })
      .execute();
    return { kind: 'reserved', uploadKey, objectKey: projectFileKey(projectId, uploadKey), maxBytes: MAX_PROJECT_FILE_BYTES };
  }

  /**
   * What the first bytes of an upload say, as soon as its first part arrives: a client's file that
   * is neither audio nor a ZIP is refused there (with the words the uploader shows), not after the
   * whole file. Uploads that are not a client's project file pass (null).
   */
  async firstBytesRefusal(uploadKey: string, head: Uint8Array): Promise<string | null> {
    const reservation = await this.db.selectFrom('projectUploads').select(['side']).where('uploadKey', '=', uploadKey).executeTakeFirst();
    if (reservation?.side !== 'client' || isAcceptedClientFile(head)) return null;
    return NOT_ACCEPTED_FILE;
  }

  /**
   * Takes a completed upload into the project: it must be one reserved for this project, this side
   * and this uploader. The reservation is spent in the same transaction that adds the file, so a
   * second registration finds nothing. Checksum and analysis follow in the background.
   */
  async register(
    input: {
      projectId: number;
      side: Side;
      uploader: string;
      objectPath: string;
      name?: string;
      category: ClientFileCategory | 'delivery';
    },
    actor: Actor,
    now = new Date(),
  ): Promise<RegisterOutcome> {
    const checked = await this.checkUpload(input.projectId, input.side, input.uploader, input.objectPath);
    if (checked.kind === 'not-issued') return (await this.registeredBefore(input)) ?? checked;
    if (checked.kind !== 'ok') return checked;
    const { uploadKey, objectKey, size } = checked;
    if (input.side === 'client' && !isAcceptedClientFile(await this.head(objectKey))) {
      await this.discard(uploadKey, objectKey);
      return { kind: 'not-accepted' };
    }
    const name = input.name ?? checked.fileName;
    const id = await recordRegisteredFile(this.db, { ...input, uploadKey, objectKey, size, name }, actor, now);
    // Spent a moment ago by a registration of the same upload running beside this one (the paused
    // completion's answer and the resumed one's): answer the file it made.
    if (id === 'not-issued') return (await this.registeredBefore(input)) ?? { kind: 'not-issued' };
    if (id === 'too-many') {
      await this.discard(uploadKey, objectKey);
      return { kind: 'too-many' };
    }
    this.processing.schedule(id);
    const row = await this.db.selectFrom('projectFiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { kind: 'registered', file: toFileView(row) };
  }

  /**
   * The file an earlier registration of the same upload made (its answer lost to a pause, a reload or
   * a network failure): registering again answers that file, never a second one.
   */
  private async registeredBefore(input: { projectId: number; side: Side; uploader: string; objectPath: string }) {
    const named = projectUploadFromPath(input.objectPath);
    if (!named || named.projectId !== input.projectId) return null;
    const row = await this.db
      .selectFrom('projectFiles')
      .selectAll()
      .where('projectId', '=', input.projectId)
      .where('objectKey', '=', projectFileKey(input.projectId, named.uploadKey))
      .where('side', '=', input.side)
      .where('uploadedBy', '=', input.uploader)
      .executeTakeFirst();
    return row ? { kind: 'registered' as const, file: toFileView(row), again: true } : null;
  }

  /**
   * A completed upload named by its object path, checked against its reservation (same project, side
   * and uploader), in the store and within the limit. Spend it with `spendReservation` in the
   * transaction that records what it became (a file here, a version in the review room).
   */
  async checkUpload(
    projectId: number,
    side: Side,
    uploader: string,
    objectPath: string,
  ): Promise<
    ({ kind: 'ok'; uploadKey: string } & SpentReservation) | { kind: 'not-issued' } | { kind: 'not-uploaded' } | { kind: 'too-large' }
  > {
    const named = projectUploadFromPath(objectPath);
    if (!named || named.projectId !== projectId) return { kind: 'not-issued' };
    const reservation = await this.db
      .selectFrom('projectUploads')
      .selectAll()
      .where('uploadKey', '=', named.uploadKey)
      .where('projectId', '=', projectId)
      .where('side', '=', side)
      .where('uploader', '=', uploader)
      .executeTakeFirst();
    if (!reservation) return { kind: 'not-issued' };
    const objectKey = projectFileKey(projectId, named.uploadKey);
    const stored = await this.store.stat(objectKey);
    if (!stored) return { kind: 'not-uploaded' };
    if (stored.size > MAX_PROJECT_FILE_BYTES) {
      await this.discard(named.uploadKey, objectKey);
      return { kind: 'too-large' };
    }
    return { kind: 'ok', uploadKey: named.uploadKey, objectKey, size: stored.size, fileName: reservation.fileName };
  }

  /** A file of the project whose bytes are still stored (retention has not removed them). */
  async storedFile(projectId: number, fileId: number, side?: Side): Promise<StoredProjectFile | null> {
    let query = this.db
      .selectFrom('projectFiles')
      .select(['id', 'name', 'size', 'objectKey', 'contentType', 'createdAt', 'side'])
      .where('projectId', '=', projectId)
      .where('id', '=', fileId)
      .where('removedAt', 'is', null);
    if (side) query = query.where('side', '=', side);
    const row = await query.executeTakeFirst();
    return row ? { ...row, size: Number(row.size) } : null;
  }

  /** Every stored file of one side, in upload order (the ZIP's entries). */
  async storedFiles(projectId: number, side: Side): Promise<StoredProjectFile[]> {
    const rows = await this.db
      .selectFrom('projectFiles')
      .select(['id', 'name', 'size', 'objectKey', 'contentType', 'createdAt'])
      .where('projectId', '=', projectId)
      .where('side', '=', side)
      .where('removedAt', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, size: Number(row.size) }));
  }

  read(file: StoredProjectFile, range?: { start: number; end: number }): Promise<Readable> {
    return this.store.read(file.objectKey, range);
  }

  /** Files a client file under another category (project-file-changes.ts). */
  recategorise(
    projectId: number,
    fileId: number,
    category: ClientFileCategory,
    actor: Actor,
    now = new Date(),
  ): Promise<{ kind: 'changed'; file: ProjectFileView } | FileChangeRefusal> {
    return recategoriseFile(this.db, { projectId, fileId, category }, actor, now);
  }

  /** Takes a file out of the project, its row first, then its bytes (project-file-changes.ts). */
  async remove(projectId: number, fileId: number, actor: Actor, now = new Date()): Promise<{ kind: 'removed' } | FileChangeRefusal> {
    const outcome = await removeFileRow(this.db, projectId, fileId, actor, now);
    if (outcome.kind !== 'removed') return outcome;
    await this.store.delete(outcome.objectKey);
    return { kind: 'removed' };
  }

  /** Reservations older than a day: their objects (completed but never registered) and rows go. */
  async removeAbandoned(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - ABANDONED_PROJECT_UPLOAD_MS).toISOString();
    const stale = await this.db.selectFrom('projectUploads').select(['uploadKey', 'projectId']).where('createdAt', '<', cutoff).execute();
    for (const { uploadKey, projectId } of stale) await this.discard(uploadKey, projectFileKey(projectId, uploadKey));
    return stale.length;
  }

  /** The first bytes of a stored object (what its format is judged by). */
  private async head(objectKey: string): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of await this.store.read(objectKey, { start: 0, end: SIGNATURE_BYTES - 1 })) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
    return Buffer.concat(chunks, length);
  }

  private async discard(uploadKey: string, objectKey: string): Promise<void> {
    await this.store.delete(objectKey);
    await this.db.deleteFrom('projectUploads').where('uploadKey', '=', uploadKey).execute();
  }
}
