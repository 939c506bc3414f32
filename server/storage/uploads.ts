import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { MAX_AUDIO_BYTES, objectKeyFromPath } from '#common/samples.ts';
import type { Database } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { AUDIO_CONTENT_TYPES, detectAudioFormat, SIGNATURE_BYTES, type AudioFormat } from './audio-signature.ts';
import { LocalObjectStore, UploadTooLargeError } from './local-store.ts';
import { storageKey, UPLOAD_GRANT_SECONDS, type ObjectStore } from './object-store.ts';
import { checkUploadGrant } from './upload-grant.ts';

export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const unsupportedAudio = () =>
  new HttpError(415, 'The uploaded file is not a supported audio file (MP3, WAV, M4A/AAC or FLAC)', {
    audioFileURL: ['The file is not MP3, WAV, M4A/AAC or FLAC audio'],
  });

/** The upload key inside an upload URL (local signed URL, presigned S3 URL or an object path). */
export function uploadKeyFromUrl(audioFileURL: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(audioFileURL, 'http://upload.invalid').pathname;
  } catch {
    return null;
  }
  const direct = objectKeyFromPath(pathname);
  if (direct) return direct;
  // Presigned URLs name the key at the end of the path, after the bucket in path-style addressing.
  const match = /\/uploads\/([^/]+)$/.exec(pathname);
  return match && UUID.test(match[1]) ? match[1] : null;
}

async function readHead(store: ObjectStore, key: string, size: number): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0);
  const stream = await store.read(key, { start: 0, end: Math.min(size, SIGNATURE_BYTES) - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Upload grants, the local PUT target, registration (verification) and clean-up of audio objects. */
export class UploadService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly store: ObjectStore,
    private readonly secret: string,
  ) {}

  async issueUploadUrl(): Promise<string> {
    const key = randomUUID();
    await this.db.insertInto('uploadedObjects').values({ key, status: 'pending', createdAt: new Date().toISOString() }).execute();
    return this.store.createUploadUrl(storageKey(key), UPLOAD_GRANT_SECONDS);
  }

  /** The local store's PUT: checks the signed grant, claims it once, streams the body to disk. */
  async receiveLocalUpload(key: string, query: Record<string, unknown>, body: Readable, declaredLength: number | null): Promise<void> {
    if (!(this.store instanceof LocalObjectStore) || !UUID.test(key)) throw new HttpError(404, 'Not found');
    const grant = checkUploadGrant(this.secret, storageKey(key), query.expires, query.signature);
    if (grant === 'invalid') throw new HttpError(403, 'Invalid upload grant');
    if (grant === 'expired') throw new HttpError(403, 'Request has expired');
    if (declaredLength !== null && declaredLength > MAX_AUDIO_BYTES) {
      throw new HttpError(413, `The file is larger than ${MAX_AUDIO_BYTES} bytes`);
    }
    // Claiming the row from pending makes the grant single-use, even for two PUTs at once.
    const claim = await this.db
      .updateTable('uploadedObjects')
      .set({ status: 'uploading' })
      .where('key', '=', key)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) throw new HttpError(409, 'This upload grant has already been used');
    try {
      const size = await this.store.receive(storageKey(key), body, MAX_AUDIO_BYTES);
      await this.db.updateTable('uploadedObjects').set({ status: 'uploaded', size }).where('key', '=', key).execute();
    } catch (error) {
      await this.db.updateTable('uploadedObjects').set({ status: 'failed' }).where('key', '=', key).execute();
      if (error instanceof UploadTooLargeError) throw new HttpError(413, `The file is larger than ${MAX_AUDIO_BYTES} bytes`);
      throw error;
    }
  }

  /**
   * Turns an uploaded file into a public object path, after checking it was issued here, is within
   * the size limit and really is audio. Anything else is deleted.
   */
  async register(audioFileURL: string): Promise<{ objectPath: string; format: AudioFormat }> {
    const key = uploadKeyFromUrl(audioFileURL);
    const notIssued = () => new HttpError(400, 'Not an upload URL issued by this server', { audioFileURL: ['Unknown upload'] });
    if (!key) throw notIssued();
    const row = await this.db.selectFrom('uploadedObjects').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row || row.status === 'failed') throw notIssued();
    const objectPath = `/objects/uploads/${key}`;
    const info = await this.store.stat(storageKey(key));
    if (!info) throw new HttpError(409, 'The file has not been uploaded yet', { audioFileURL: ['Upload the file first'] });
    if (info.size > MAX_AUDIO_BYTES) {
      await this.discard(key);
      throw new HttpError(413, `The file is larger than ${MAX_AUDIO_BYTES} bytes`);
    }
    const format = detectAudioFormat(await readHead(this.store, storageKey(key), info.size));
    if (!format) {
      await this.discard(key);
      throw unsupportedAudio();
    }
    await this.db
      .updateTable('uploadedObjects')
      .set({ status: 'registered', size: info.size, contentType: AUDIO_CONTENT_TYPES[format], registeredAt: new Date().toISOString() })
      .where('key', '=', key)
      .execute();
    return { objectPath, format };
  }

  /** Stores a file the server made itself (the demo seed) as a registered object. */
  async storeOwnAudio(body: Buffer): Promise<string> {
    const format = detectAudioFormat(body.subarray(0, SIGNATURE_BYTES));
    if (!format) throw new Error('not audio');
    const key = randomUUID();
    await this.store.write(storageKey(key), body, AUDIO_CONTENT_TYPES[format]);
    const now = new Date().toISOString();
    await this.db
      .insertInto('uploadedObjects')
      .values({ key, status: 'registered', size: body.length, contentType: AUDIO_CONTENT_TYPES[format], createdAt: now, registeredAt: now })
      .execute();
    return `/objects/uploads/${key}`;
  }

  /** A registered object's content type, or null when the key is not public. */
  async publicContentType(key: string): Promise<string | null> {
    if (!UUID.test(key)) return null;
    const row = await this.db
      .selectFrom('uploadedObjects')
      .select('contentType')
      .where('key', '=', key)
      .where('status', '=', 'registered')
      .executeTakeFirst();
    return row ? (row.contentType ?? 'application/octet-stream') : null;
  }

  async formatOf(objectPath: string): Promise<AudioFormat | null> {
    const key = objectKeyFromPath(objectPath);
    if (!key) return null;
    const type = await this.publicContentType(key);
    const entry = Object.entries(AUDIO_CONTENT_TYPES).find(([, contentType]) => contentType === type);
    return (entry?.[0] as AudioFormat | undefined) ?? null;
  }

  async isRegistered(objectPath: string): Promise<boolean> {
    const key = objectKeyFromPath(objectPath);
    return key !== null && (await this.publicContentType(key)) !== null;
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

  private async discard(key: string): Promise<void> {
    await this.store.delete(storageKey(key));
    await this.db.deleteFrom('uploadedObjects').where('key', '=', key).execute();
  }
}
