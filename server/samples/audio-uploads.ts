import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { isUploadKey, objectKeyFromPath, objectPathOf, stagingKey, storageKey, uploadKeyFromUrl } from '#common/object-keys.ts';
import { MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS, MAX_SINGLE_PUT_AUDIO_BYTES } from '#common/samples.ts';
import { readDeclaredDuration } from '#server/audio/audio-duration.ts';
import { AUDIO_CONTENT_TYPES, detectAudioFormat, SIGNATURE_BYTES, type AudioFormat } from '#common/audio-format.ts';
import { splitHead } from '#server/audio/stream-head.ts';
import { registeredBefore } from './upload-sweep.ts';
import type { DirectUploadOutcome, RegistrationOutcome, RegistrationRefusal } from './audio-upload-outcomes.ts';
import type { Database } from '#server/db/schema.ts';
import {
  UPLOAD_GRANT_SECONDS,
  UploadTooLargeError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStore,
} from '#server/storage/object-store.ts';

export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** Row states from which an upload URL may (still) write its staging key, and registration may start. */
const OPEN_STATES = ['pending', 'uploaded'] as const;

export interface PublicObject {
  contentType: string;
  info: ObjectInfo;
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
    const key = await this.reserveKey();
    // The URL writes only the staging key; what is served lives under another key (see register).
    return this.store.createUploadUrl(stagingKey(key), UPLOAD_GRANT_SECONDS);
  }

  /**
   * A fresh key with its registration row, for an upload that will land at its staging key (a single
   * PUT, or a multipart upload's completion). Never registered within a day, it is swept.
   */
  async reserveKey(): Promise<string> {
    const key = randomUUID();
    await this.db.insertInto('uploadedObjects').values({ key, status: 'pending', createdAt: new Date().toISOString() }).execute();
    return key;
  }

  /**
   * The local store's PUT: checks the signed grant and streams the body to the staging key. A grant
   * works until it expires or its upload is registered, one PUT at a time: a PUT that breaks off
   * (client gone, idle timeout, too large) leaves the grant usable, so the uploader can simply retry.
   */
  async receiveDirectUpload(
    key: string,
    grant: { expires: unknown; signature: unknown },
    body: Readable,
    declaredLength: number | null,
  ): Promise<DirectUploadOutcome> {
    const receiver = this.store.directUploads;
    if (!receiver || !isUploadKey(key)) return { kind: 'not-found' };
    const check = receiver.checkGrant(stagingKey(key), grant.expires, grant.signature);
    if (check === 'invalid') return { kind: 'invalid-grant' };
    if (check === 'expired') return { kind: 'expired-grant' };
    // One request carries at most the single-PUT limit; larger files go in parts (decision 088).
    if (declaredLength !== null && declaredLength > MAX_SINGLE_PUT_AUDIO_BYTES) return { kind: 'too-large' };
    const row = await this.db.selectFrom('uploadedObjects').select('status').where('key', '=', key).executeTakeFirst();
    const before = row?.status;
    if (before !== 'pending' && before !== 'uploaded') return { kind: 'grant-used' };
    // Claiming the row from the state just read lets one PUT at a time in, even for two at once.
    const claim = await this.db
      .updateTable('uploadedObjects')
      .set({ status: 'uploading' })
      .where('key', '=', key)
      .where('status', '=', before)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return { kind: 'grant-used' };
    try {
      const size = await receiver.receive(stagingKey(key), body, MAX_SINGLE_PUT_AUDIO_BYTES);
      await this.db.updateTable('uploadedObjects').set({ status: 'uploaded', size }).where('key', '=', key).execute();
      return { kind: 'stored', size };
    } catch (error) {
      // The store wrote to a temporary name: whatever was uploaded before this PUT is still there.
      await this.db.updateTable('uploadedObjects').set({ status: before }).where('key', '=', key).execute();
      if (error instanceof UploadTooLargeError) return { kind: 'too-large' };
      if (body.readableAborted) return { kind: 'interrupted' };
      throw error;
    }
  }

  /**
   * Turns an uploaded file into a public object path, after checking it was issued here, is within
   * the size limit, really is audio and not too long. The file is first moved out of its staging key
   * (where its upload URL could still write) and the checks are made on what was moved, which is what
   * will be served; anything refused is deleted. The format found here is kept.
   */
  async register(audioFileURL: string): Promise<RegistrationOutcome> {
    const key = uploadKeyFromUrl(audioFileURL);
    if (!key) return { kind: 'not-issued' };
    const row = await this.db.selectFrom('uploadedObjects').select('status').where('key', '=', key).executeTakeFirst();
    if (!row || row.status === 'failed') return { kind: 'not-issued' };
    if (row.status === 'registered') return this.registered(key);
    if (!OPEN_STATES.includes(row.status as (typeof OPEN_STATES)[number])) return { kind: 'not-uploaded' };
    // A cheap look first: nothing uploaded yet, or plainly too large, needs no copy.
    const staged = await this.store.stat(stagingKey(key));
    if (!staged) return { kind: 'not-uploaded' };
    if (staged.size > MAX_AUDIO_BYTES || staged.size === 0) {
      await this.discard(key);
      return { kind: staged.size === 0 ? 'empty' : 'too-large' };
    }
    // Claimed from the state just read: no local PUT can start now, nor a second registration.
    const claim = await this.db
      .updateTable('uploadedObjects')
      .set({ status: 'registering' })
      .where('key', '=', key)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return { kind: 'not-uploaded' };
    try {
      await this.store.move(stagingKey(key), storageKey(key));
    } catch (error) {
      await this.db.updateTable('uploadedObjects').set({ status: row.status }).where('key', '=', key).execute();
      throw error;
    }
    const checked = await this.checkSealed(key);
    if (checked.kind !== 'ok') {
      await this.discard(key);
      return checked;
    }
    await this.db
      .updateTable('uploadedObjects')
      .set({
        status: 'registered',
        size: checked.size,
        contentType: AUDIO_CONTENT_TYPES[checked.format],
        format: checked.format,
        registeredAt: new Date().toISOString(),
      })
      .where('key', '=', key)
      .execute();
    return { kind: 'registered', objectPath: objectPathOf(key), format: checked.format, size: checked.size };
  }

  /** Size, first bytes and declared length of the moved (sealed) object. */
  private async checkSealed(key: string): Promise<{ kind: 'ok'; size: number; format: AudioFormat } | RegistrationRefusal> {
    const info = await this.store.stat(storageKey(key));
    if (!info) throw new Error(`object ${key} vanished after it was moved into place`);
    if (info.size > MAX_AUDIO_BYTES) return { kind: 'too-large' };
    if (info.size === 0) return { kind: 'empty' };
    // One read serves both checks: the head tells the format, the headers behind it the length.
    const body = await this.store.read(storageKey(key));
    try {
      const { head, whole } = await splitHead(body, SIGNATURE_BYTES);
      const format = detectAudioFormat(head);
      if (!format) return { kind: 'not-audio' };
      try {
        const seconds = await readDeclaredDuration(whole, info.size, format);
        if (seconds !== null && seconds > MAX_AUDIO_SECONDS) return { kind: 'too-long', seconds };
      } finally {
        whole.destroy();
      }
      return { kind: 'ok', size: info.size, format };
    } finally {
      body.destroy();
    }
  }

  /** Registering twice answers the same path (a retried request after a lost answer). */
  private async registered(key: string): Promise<RegistrationOutcome> {
    const row = await this.db.selectFrom('uploadedObjects').select(['format', 'size']).where('key', '=', key).executeTakeFirstOrThrow();
    if (!row.format) return { kind: 'not-uploaded' };
    return { kind: 'registered', objectPath: objectPathOf(key), format: row.format, size: row.size ?? 0 };
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

  /**
   * Removes uploads never registered within a day (abandoned forms, refused files, broken PUTs),
   * uploads registered over a day ago that no sample uses (upload-sweep.ts), and
   * staging objects written after their upload was registered or discarded (an upload URL stays
   * valid for its 15 minutes; what it writes then is never served, and is removed here).
   */
  async removeAbandonedUploads(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - ABANDONED_UPLOAD_MS).toISOString();
    const stale = await this.db
      .selectFrom('uploadedObjects')
      .select('key')
      .where('status', '!=', 'registered')
      .where('createdAt', '<', cutoff)
      .execute();
    for (const { key } of stale) await this.discard(key);
    let unclaimed = 0;
    for (const key of await registeredBefore(this.db, cutoff)) {
      // Asked just before it goes, so a sample saved meanwhile keeps its file.
      const user = await this.db.selectFrom('samples').select('id').where('audioUrl', '=', objectPathOf(key)).executeTakeFirst();
      if (!user) await this.discard(key);
      if (!user) unclaimed++;
    }
    let strays = 0;
    for await (const object of this.store.list(stagingKey(''))) {
      const key = object.key.slice(stagingKey('').length);
      const row = await this.db.selectFrom('uploadedObjects').select('status').where('key', '=', key).executeTakeFirst();
      if (!row || row.status === 'registered') {
        await this.store.delete(object.key);
        strays++;
      }
    }
    return stale.length + unclaimed + strays;
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
    await this.store.delete(stagingKey(key));
    await this.store.delete(storageKey(key));
    await this.db.deleteFrom('uploadedObjects').where('key', '=', key).execute();
  }
}
