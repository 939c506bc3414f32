import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { isUploadKey, objectKeyFromPath, objectPathOf, storageKey, uploadKeyFromUrl } from '#common/object-keys.ts';
import { MAX_AUDIO_BYTES } from '#common/samples.ts';
import { AUDIO_CONTENT_TYPES, detectAudioFormat, SIGNATURE_BYTES, type AudioFormat } from '#server/audio/audio-format.ts';
import type { Database } from '#server/db/schema.ts';
import {
  UPLOAD_GRANT_SECONDS,
  UploadTooLargeError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStore,
} from '#server/storage/object-store.ts';

export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

export type DirectUploadOutcome =
  | { kind: 'stored'; size: number }
  /** Not a key this store receives uploads for (or the store takes no uploads itself). */
  | { kind: 'not-found' }
  | { kind: 'invalid-grant' }
  | { kind: 'expired-grant' }
  | { kind: 'grant-used' }
  | { kind: 'too-large' };

export type RegistrationOutcome =
  | { kind: 'registered'; objectPath: string; format: AudioFormat; size: number }
  | { kind: 'not-issued' }
  | { kind: 'not-uploaded' }
  | { kind: 'too-large' }
  | { kind: 'not-audio' };

export interface PublicObject {
  contentType: string;
  info: ObjectInfo;
}

async function readHead(store: ObjectStore, key: string, size: number): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0);
  const stream = await store.read(key, { start: 0, end: Math.min(size, SIGNATURE_BYTES) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The life of a sample's audio file: an upload grant, the upload itself (direct to the bucket, or
 * streamed into the local store), registration (checked: issued here, within the size limit, really
 * audio), public delivery, and removal once no sample uses it or it was never registered.
 */
export class AudioUploadService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: ObjectStore,
  ) {}

  async issueUploadUrl(): Promise<string> {
    const key = randomUUID();
    await this.db.insertInto('uploadedObjects').values({ key, status: 'pending', createdAt: new Date().toISOString() }).execute();
    return this.store.createUploadUrl(storageKey(key), UPLOAD_GRANT_SECONDS);
  }

  /** The local store's PUT: checks the signed grant, claims it once, streams the body to disk. */
  async receiveDirectUpload(
    key: string,
    grant: { expires: unknown; signature: unknown },
    body: Readable,
    declaredLength: number | null,
  ): Promise<DirectUploadOutcome> {
    const receiver = this.store.directUploads;
    if (!receiver || !isUploadKey(key)) return { kind: 'not-found' };
    const check = receiver.checkGrant(storageKey(key), grant.expires, grant.signature);
    if (check === 'invalid') return { kind: 'invalid-grant' };
    if (check === 'expired') return { kind: 'expired-grant' };
    if (declaredLength !== null && declaredLength > MAX_AUDIO_BYTES) return { kind: 'too-large' };
    // Claiming the row from pending makes the grant single-use, even for two PUTs at once.
    const claim = await this.db
      .updateTable('uploadedObjects')
      .set({ status: 'uploading' })
      .where('key', '=', key)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return { kind: 'grant-used' };
    try {
      const size = await receiver.receive(storageKey(key), body, MAX_AUDIO_BYTES);
      await this.db.updateTable('uploadedObjects').set({ status: 'uploaded', size }).where('key', '=', key).execute();
      return { kind: 'stored', size };
    } catch (error) {
      await this.db.updateTable('uploadedObjects').set({ status: 'failed' }).where('key', '=', key).execute();
      if (error instanceof UploadTooLargeError) return { kind: 'too-large' };
      throw error;
    }
  }

  /**
   * Turns an uploaded file into a public object path, after checking it was issued here, is within
   * the size limit and really is audio. Anything else is deleted. The format found here is kept.
   */
  async register(audioFileURL: string): Promise<RegistrationOutcome> {
    const key = uploadKeyFromUrl(audioFileURL);
    if (!key) return { kind: 'not-issued' };
    const row = await this.db.selectFrom('uploadedObjects').select('status').where('key', '=', key).executeTakeFirst();
    if (!row || row.status === 'failed') return { kind: 'not-issued' };
    const info = await this.store.stat(storageKey(key));
    if (!info) return { kind: 'not-uploaded' };
    if (info.size > MAX_AUDIO_BYTES) {
      await this.discard(key);
      return { kind: 'too-large' };
    }
    const format = detectAudioFormat(await readHead(this.store, storageKey(key), info.size));
    if (!format) {
      await this.discard(key);
      return { kind: 'not-audio' };
    }
    await this.db
      .updateTable('uploadedObjects')
      .set({
        status: 'registered',
        size: info.size,
        contentType: AUDIO_CONTENT_TYPES[format],
        format,
        registeredAt: new Date().toISOString(),
      })
      .where('key', '=', key)
      .execute();
    return { kind: 'registered', objectPath: objectPathOf(key), format, size: info.size };
  }

  /** Stores a file the server made itself (the demo seed) as a registered object; answers its path. */
  async storeOwnAudio(body: Buffer): Promise<string> {
    const format = detectAudioFormat(body.subarray(0, SIGNATURE_BYTES));
    if (!format) throw new Error('not audio');
    const key = randomUUID();
    await this.store.write(storageKey(key), body, AUDIO_CONTENT_TYPES[format]);
    const now = new Date().toISOString();
    await this.db
      .insertInto('uploadedObjects')
      .values({
        key,
        status: 'registered',
        size: body.length,
        contentType: AUDIO_CONTENT_TYPES[format],
        format,
        createdAt: now,
        registeredAt: now,
      })
      .execute();
    return objectPathOf(key);
  }

  /** A registered object as the audio route serves it, or null when the key is not public. */
  async findPublic(key: string): Promise<PublicObject | null> {
    const row = await this.registeredRow(key);
    const info = row ? await this.store.stat(storageKey(key)) : null;
    return row && info ? { contentType: row.contentType ?? 'application/octet-stream', info } : null;
  }

  /** The bytes of a public object (all, or one range). */
  read(key: string, range?: ByteRange): Promise<Readable> {
    return this.store.read(storageKey(key), range);
  }

  /** The format kept at registration, or null for an object path that is not a registered upload. */
  async formatOf(objectPath: string): Promise<AudioFormat | null> {
    const key = objectKeyFromPath(objectPath);
    return key ? ((await this.registeredRow(key))?.format ?? null) : null;
  }

  async isRegistered(objectPath: string): Promise<boolean> {
    const key = objectKeyFromPath(objectPath);
    return key !== null && (await this.registeredRow(key)) !== null;
  }

  /** Runs `work` with the audio behind an object path as a local file (the analysis needs a path). */
  withLocalFile<T>(objectPath: string, work: (filePath: string) => Promise<T>): Promise<T> {
    const key = objectKeyFromPath(objectPath);
    if (!key) throw new Error(`not an object path: ${objectPath}`);
    return this.store.withLocalFile(storageKey(key), work);
  }

  /** Deletes the object behind an object path when no sample refers to it any more. */
  async releaseIfUnused(objectPath: string): Promise<void> {
    const key = objectKeyFromPath(objectPath);
    if (!key) return;
    const user = await this.db.selectFrom('samples').select('id').where('audioUrl', '=', objectPath).executeTakeFirst();
    if (!user) await this.discard(key);
  }

  /** Removes uploads never registered within a day (abandoned forms, refused files, broken PUTs). */
  async removeAbandonedUploads(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - ABANDONED_UPLOAD_MS).toISOString();
    const stale = await this.db
      .selectFrom('uploadedObjects')
      .select('key')
      .where('status', '!=', 'registered')
      .where('createdAt', '<', cutoff)
      .execute();
    for (const { key } of stale) await this.discard(key);
    return stale.length;
  }

  private async registeredRow(key: string) {
    if (!isUploadKey(key)) return null;
    const row = await this.db
      .selectFrom('uploadedObjects')
      .select(['contentType', 'format'])
      .where('key', '=', key)
      .where('status', '=', 'registered')
      .executeTakeFirst();
    return row ?? null;
  }

  private async discard(key: string): Promise<void> {
    await this.store.delete(storageKey(key));
    await this.db.deleteFrom('uploadedObjects').where('key', '=', key).execute();
  }
}
