import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ImageFormat } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import type { SiteContent, SiteSection } from '#common/site-content/sections.ts';
import type { FieldErrors } from '#common/validation.ts';
import type { Database } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import type { ObjectInfo, ObjectStore } from '#server/storage/object-store.ts';
import { inspectImage, makeRenditions } from './image-renditions.ts';
import type { ContentEditor } from './site-content-service.ts';
import { createWorkQueue } from './work-queue.ts';

export type ImageUploadOutcome =
  | { kind: 'stored'; image: ImageRef }
  | { kind: 'empty' }
  | { kind: 'unreadable' }
  | { kind: 'unsupported'; format: string }
  | { kind: 'too-many-pixels'; pixels: number };

/** A reserved turn to process one upload (see createWorkQueue): `store` it, or `release` it unused. */
export interface ImageUploadTurn {
  store(bytes: Buffer, uploader: ContentEditor): Promise<ImageUploadOutcome>;
  release(): void;
}

export interface StoredRendition {
  key: string;
  info: ObjectInfo;
  contentType: string;
}

/** The owner's uploaded images (docs/decisions/050-owner-images.md). */
export interface SiteImageService {
  /** A turn to process one upload, or null when the queue is full (the caller answers "busy"). */
  reserveUpload(): ImageUploadTurn | null;
  /** One rendition as `/media/images/{id}/{width}.{ext}` names it, or null. Reads only the store. */
  findRendition(id: string, width: string, extension: string): Promise<StoredRendition | null>;
  read(key: string): Promise<Readable>;
  /** The content service's reference check: an image a section names must exist; its sizes are the stored ones. */
  checkReferences<S extends SiteSection>(section: S, content: SiteContent[S]): Promise<FieldErrors | null>;
}

/** One upload is processed at a time per instance; a few more may wait (their bodies are held in memory). */
const UPLOAD_QUEUE_CAPACITY = 4;

const EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WIDTH = /^[1-9]\d{0,4}$/;

const imageFolder = (id: string) => `images/${id}/`;
const renditionKey = (id: string, width: number | string, extension: string) => `${imageFolder(id)}${width}.${extension}`;

/** Where a section refers to an uploaded image, by its field name within the section. */
const IMAGE_FIELDS: Partial<Record<SiteSection, string>> = { hero: 'image', about: 'photo' };

export function createSiteImageService({
  db,
  store,
  logger,
}: {
  db: Kysely<Database>;
  store: ObjectStore;
  logger: Logger;
}): SiteImageService {
  const queue = createWorkQueue(UPLOAD_QUEUE_CAPACITY);

  async function storeImage(bytes: Buffer, uploader: ContentEditor): Promise<ImageUploadOutcome> {
    if (bytes.length === 0) return { kind: 'empty' };
    const inspected = await inspectImage(bytes);
    if (inspected.kind !== 'image') return inspected;
    const renditions = await makeRenditions(bytes, inspected.widths);
    const id = randomUUID();
    const originalKey = `${imageFolder(id)}original`;
    try {
      // The original is kept as sent (never served: only renditions are) so other sizes can be made later.
      await store.write(originalKey, bytes, inspected.type);
      for (const rendition of renditions) {
        const extension = EXTENSIONS[rendition.format];
        await store.write(renditionKey(id, rendition.width, extension), rendition.data, CONTENT_TYPES[extension]);
      }
      // The row comes last: an image exists for the content only once every file is stored.
      await db
        .insertInto('siteImages')
        .values({
          id,
          width: inspected.width,
          height: inspected.height,
          widths: JSON.stringify(inspected.widths),
          originalKey,
          originalType: inspected.type,
          byteSize: bytes.length,
          uploadedById: uploader.id,
        })
        .execute();
    } catch (error) {
      await removeImageFiles(id);
      throw error;
    }
    return { kind: 'stored', image: { id, alt: '', width: inspected.width, height: inspected.height, widths: inspected.widths } };
  }

  async function removeImageFiles(id: string): Promise<void> {
    try {
      for await (const { key } of store.list(imageFolder(id))) await store.delete(key);
    } catch (error) {
      logger.warn({ err: error, imageId: id }, 'files of a failed image upload were not all removed');
    }
  }

  return {
    reserveUpload() {
      const place = queue.reserve();
      if (!place) return null;
      return { store: (bytes, uploader) => place.run(() => storeImage(bytes, uploader)), release: place.release };
    },

    async findRendition(id, width, extension) {
      const contentType = CONTENT_TYPES[extension];
      if (!IMAGE_ID.test(id) || !WIDTH.test(width) || !contentType || !Object.hasOwn(CONTENT_TYPES, extension)) return null;
      const key = renditionKey(id, width, extension);
      const info = await store.stat(key);
      return info ? { key, info, contentType } : null;
    },

    read: (key) => store.read(key),

    async checkReferences(section, content) {
      const field = IMAGE_FIELDS[section];
      if (!field) return null;
      const ref = (content as Record<string, unknown>)[field] as ImageRef | null;
      if (!ref) return null;
      const stored = await db.selectFrom('siteImages').select(['width', 'height', 'widths']).where('id', '=', ref.id).executeTakeFirst();
      if (!stored) return { [field]: ['This image was not found: upload it again'] };
      ref.width = stored.width;
      ref.height = stored.height;
      ref.widths = JSON.parse(stored.widths) as number[];
      return null;
    },
  };
}
