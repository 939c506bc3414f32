import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isUploadKey, objectKeyFromPath, objectPathOf, storageKey } from '#common/object-keys.ts';
import { storeStreamingCopy } from '#server/audio/stored-copy.ts';
import { STREAM_CONTENT_TYPE } from '#server/audio/streaming-copy.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import type { PublicObject } from './audio-uploads.ts';

/** A sample's streaming copy as its row records it. */
export interface StreamingCopy {
  key: string;
  size: number;
  contentType: string;
}

/** The row columns a sample's copy lives in; all null clears it. */
export const streamColumns = (copy: StreamingCopy | null) => ({
  streamKey: copy?.key ?? null,
  streamSize: copy?.size ?? null,
  streamContentType: copy?.contentType ?? null,
});

/** A sample row's public audio: its streaming copy once made, its original until then. */
export const publicAudioUrl = (row: { audioUrl: string; streamKey: string | null }): string =>
  row.streamKey ? objectPathOf(row.streamKey) : row.audioUrl;

/**
 * Samples' streaming copies (decision 087): the MP3 the analysis made from a sample's original,
 * stored under a key of its own (`uploads/{key}`, served at `/objects/uploads/{key}` by the same route
 * as the originals) and recorded on the sample row. Once a sample has its copy, its original is the
 * owner's only: visitors asking for it are sent to the copy. A copy is never shared between samples; it goes
 * with its sample (deleted, purged, given other audio) and is made again when missing.
 */
export class StreamingCopies {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ObjectStore,
    private readonly logger: Logger,
  ) {}

  /** Stores the MP3 file the analysis wrote, streamed (never whole in memory), under a new key. */
  async save(filePath: string, size: number): Promise<StreamingCopy> {
    const key = randomUUID();
    await storeStreamingCopy(this.store, storageKey(key), filePath, size);
    return { key, size, contentType: STREAM_CONTENT_TYPE };
  }

  /** An original MP3 plays as it is: it is its own streaming copy (nothing is stored twice). */
  async servedAsIs(originalPath: string): Promise<StreamingCopy | null> {
    const key = objectKeyFromPath(originalPath);
    const info = key ? await this.store.stat(storageKey(key)) : null;
    return key && info ? { key, size: info.size, contentType: STREAM_CONTENT_TYPE } : null;
  }

  /**
   * Removes a copy whose sample no longer uses it. An original served as it is is not a copy: its
   * sample's own release (AudioUploadService.releaseIfUnused) decides about it. A failure is logged:
   * the row is already gone, what stays is only stored bytes.
   */
  async release(streamKey: string | null, originalPath: string): Promise<void> {
    if (!streamKey || streamKey === objectKeyFromPath(originalPath)) return;
    await this.store
      .delete(storageKey(streamKey))
      .catch((error: unknown) => this.logger.warn({ err: error, streamKey }, 'could not remove a streaming copy'));
  }

  /**
   * The original behind a streaming copy's public path, or null when the path is no copy. The lists
   * give out copies' paths, and a caller may send one back (an edit, a new sample on the same audio):
   * it means that original, never the copy itself, which belongs to its one sample.
   */
  async originalPathOf(audioUrl: string): Promise<string | null> {
    const key = objectKeyFromPath(audioUrl);
    if (!key) return null;
    const row = await this.db.selectFrom('samples').select('audioUrl').where('streamKey', '=', key).executeTakeFirst();
    return row && row.audioUrl !== audioUrl ? row.audioUrl : null;
  }

  /** A streaming copy as the audio route serves it, or null when `key` is no sample's copy. */
  async findServed(key: string): Promise<PublicObject | null> {
    if (!isUploadKey(key)) return null;
    const row = await this.db
      .selectFrom('samples')
      .select(['audioUrl', 'streamContentType'])
      .where('streamKey', '=', key)
      .executeTakeFirst();
    // An original served as it is is a registered upload: the uploads answer for it.
    if (!row || objectKeyFromPath(row.audioUrl) === key) return null;
    const info = await this.store.stat(storageKey(key));
    return info ? { contentType: row.streamContentType ?? STREAM_CONTENT_TYPE, info } : null;
  }

  /**
   * Whether `key` is an original that only its owner may fetch: every sample that uses it has its
   * streaming copy. An upload no sample uses yet (the admin form's preview), or one a sample still
   * waits for a copy of, is public as before.
   */
  async isOwnersOnly(key: string): Promise<boolean> {
    if (!isUploadKey(key)) return false;
    const users = await this.db.selectFrom('samples').select('streamKey').where('audioUrl', '=', objectPathOf(key)).execute();
    return users.length > 0 && users.every((user) => user.streamKey !== null && user.streamKey !== key);
  }

  /**
   * Where a visitor asking for an owners-only original is sent (decision 087, later): the path of the
   * copy of a sample that uses it and is not in the trash, whose object is stored; the oldest sample's
   * when several have one (the same audio either way). Null when none: a trashed sample plays nowhere.
   * A page rendered a moment before the copy existed, or a link shared earlier, names the original.
   */
  async copyForVisitors(originalKey: string): Promise<string | null> {
    if (!isUploadKey(originalKey)) return null;
    const rows = await this.db
      .selectFrom('samples')
      .select('streamKey')
      .where('audioUrl', '=', objectPathOf(originalKey))
      .where('deletedAt', 'is', null)
      .where('streamKey', 'is not', null)
      .where('streamKey', '!=', originalKey)
      .orderBy('id')
      .execute();
    for (const { streamKey } of rows) {
      // A copy lost from the store (forgotten at the next start) is no place to send anyone.
      if (streamKey && (await this.store.stat(storageKey(streamKey)))) return objectPathOf(streamKey);
    }
    return null;
  }

  /**
   * Forgets copies whose object is gone (a backup restored without them, a store emptied by hand), so
   * the analysis backlog makes them again and no page links to a missing file. Answers how many.
   */
  async forgetMissing(): Promise<number> {
    const rows = await this.db.selectFrom('samples').select(['id', 'audioUrl', 'streamKey']).where('streamKey', 'is not', null).execute();
    let forgotten = 0;
    for (const row of rows) {
      if (!row.streamKey || row.streamKey === objectKeyFromPath(row.audioUrl)) continue;
      if (await this.store.stat(storageKey(row.streamKey))) continue;
      const cleared = await this.db
        .updateTable('samples')
        .set(streamColumns(null))
        .where('id', '=', row.id)
        .where('streamKey', '=', row.streamKey)
        .executeTakeFirst();
      forgotten += Number(cleared.numUpdatedRows);
    }
    return forgotten;
  }
}
