import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { MultipartOptions, StartRefusal, UploadScope } from './multipart-outcomes.ts';
import {
  IDLE_UPLOAD_MS,
  MAX_OPEN_BYTES_PER_CALLER,
  MAX_OPEN_BYTES_PER_PROJECT,
  MAX_OPEN_UPLOADS_PER_CALLER,
  MAX_OPEN_UPLOADS_PER_PROJECT,
} from './open-upload-limits.ts';

/**
 * The bounds on open uploads (decision 083), counted from the rows: how many uploads a caller and a
 * project hold unfinished, and their bytes (declared, or else their limit, or else the uploader's `maxBytes`).
 */
export class OpenUploadBounds {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ObjectStore,
    private readonly options: Pick<MultipartOptions, 'maxBytes'>,
  ) {}

  /**
   * Whether `owner` may start an upload of `scope` now: its declared size within its limit, and its
   * caller and project under their bounds of open uploads and of their bytes. At a bound, their
   * idle uploads are aborted first to make room. Asked before anything is reserved.
   */
  async admit(owner: string, scope: UploadScope, now = Date.now()): Promise<StartRefusal | null> {
    if (scope.declaredBytes !== null && scope.declaredBytes > scope.maxBytes) return { kind: 'too-large', maxBytes: scope.maxBytes };
    const mine = { count: 1, bytes: scope.declaredBytes ?? scope.maxBytes };
    const refusal = await this.overBounds(owner, scope.projectId, mine);
    if (!refusal || (await this.reclaimIdle(owner, scope.projectId, now)) === 0) return refusal;
    return this.overBounds(owner, scope.projectId, mine);
  }

  /** The first bound that the open uploads of `owner` and of `projectId`, with `extra` added, pass; null within all. */
  async overBounds(owner: string, projectId: number | null, extra: { count: number; bytes: number }): Promise<StartRefusal | null> {
    const mine = await this.openTotals('owner', owner);
    if (mine.count + extra.count > MAX_OPEN_UPLOADS_PER_CALLER)
      return { kind: 'too-many-open', of: 'caller', limit: MAX_OPEN_UPLOADS_PER_CALLER };
    if (mine.bytes + extra.bytes > MAX_OPEN_BYTES_PER_CALLER)
      return { kind: 'too-many-bytes', of: 'caller', limitBytes: MAX_OPEN_BYTES_PER_CALLER };
    if (projectId === null) return null;
    const project = await this.openTotals('projectId', projectId);
    if (project.count + extra.count > MAX_OPEN_UPLOADS_PER_PROJECT)
      return { kind: 'too-many-open', of: 'project', limit: MAX_OPEN_UPLOADS_PER_PROJECT };
    if (project.bytes + extra.bytes > MAX_OPEN_BYTES_PER_PROJECT)
      return { kind: 'too-many-bytes', of: 'project', limitBytes: MAX_OPEN_BYTES_PER_PROJECT };
    return null;
  }

  /** How many uploads are open (neither joined nor aborted) for an owner or a project, and their bytes (declared, or else their limit). */
  private async openTotals(column: 'owner' | 'projectId', value: string | number): Promise<{ count: number; bytes: number }> {
    const row = await this.db
      .selectFrom('multipartUploads')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        sql<number | string>`coalesce(sum(coalesce(declared_bytes, max_bytes, ${this.options.maxBytes})), 0)`.as('bytes'),
      ])
      .where(column, '=', value)
      .where('completedParts', 'is', null)
      .executeTakeFirstOrThrow();
    // PostgreSQL sums a bigint column as numeric, which arrives as text.
    return { count: Number(row.count), bytes: Number(row.bytes) };
  }

  /**
   * Aborts the open uploads of `owner`, or of `projectId`, with nothing signed or received for
   * IDLE_UPLOAD_MS: called only at a bound, so a caller who closed a tab mid-upload is not shut out
   * until the daily sweep. Answers how many went.
   */
  private async reclaimIdle(owner: string, projectId: number | null, now: number): Promise<number> {
    const cutoff = new Date(now - IDLE_UPLOAD_MS).toISOString();
    const idle = await this.db
      .selectFrom('multipartUploads')
      .select(['uploadId', 'objectKey'])
      .where('completedParts', 'is', null)
      .where((eb) => eb.or([eb('owner', '=', owner), ...(projectId === null ? [] : [eb('projectId', '=', projectId)])]))
      .where((eb) => eb.fn.coalesce('touchedAt', 'createdAt'), '<', cutoff)
      .execute();
    for (const { uploadId, objectKey } of idle) {
      await this.store.multipart.abort(objectKey, uploadId);
      await this.db.deleteFrom('multipartUploads').where('uploadId', '=', uploadId).execute();
    }
    return idle.length;
  }
}

/** Notes that an open upload moved (a part signed or received): it is not idle. */
export async function touchUpload(db: Kysely<Database>, uploadId: string): Promise<void> {
  await db
    .updateTable('multipartUploads')
    .set({ touchedAt: new Date().toISOString() })
    .where('uploadId', '=', uploadId)
    .where('completedParts', 'is', null)
    .execute();
}
