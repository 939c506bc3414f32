import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ImageFormat } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { pageImageRefs, type Pages } from '#common/site-content/pages.ts';
import type { SiteContent, SiteSection } from '#common/site-content/sections.ts';
import type { FieldErrors } from '#common/validation.ts';
import { faviconProblem } from '#common/site-content/brand.ts';
import { isFaviconFile, type FaviconFile } from '#common/site-content/favicon.ts';
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
  | { kind: 'damaged' }
  | { kind: 'unsupported'; format: string }
  | { kind: 'unsafe-svg'; reason: string }
  | { kind: 'svg-too-large'; limit: 'bytes' | 'elements' }
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
  /** One icon made from a favicon (`/media/icons/{id}/{file}`), or null. Reads only the store. */
  findIcon(id: string, file: string): Promise<StoredRendition | null>;
  read(key: string): Promise<Readable>;
  /** The bytes of an image's smallest WebP rendition at least `wanted` wide (its largest otherwise), or null when gone. */
  readWebp(image: Pick<ImageRef, 'id' | 'widths'>, wanted: number): Promise<Buffer | null>;
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

/** Where a section refers to uploaded images, by their field names within the section. */
const IMAGE_FIELDS: Partial<Record<SiteSection, string[]>> = { hero: ['image'], about: ['photo'], brand: ['logo', 'favicon'] };

const ICON_TYPES: Record<FaviconFile, string> = {
  'favicon.ico': 'image/x-icon',
  'icon-32.png': 'image/png',
  'apple-touch-icon.png': 'image/png',
  'icon-192.png': 'image/png',
  'icon-512.png': 'image/png',
  'icon-maskable-192.png': 'image/png',
  'icon-maskable-512.png': 'image/png',
};
const iconKey = (id: string, file: FaviconFile) => `${imageFolder(id)}icons/${file}`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

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
    let renditions;
    try {
      renditions = await makeRenditions(inspected.raster ?? bytes, inspected.widths);
    } catch (error) {
      // The header read fine but the pixels do not decode: a file cut short or damaged on the way.
      logger.info({ err: error }, 'an uploaded image did not decode');
      return { kind: 'damaged' };
    }
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

  /**
   * The favicon set of an image, made from its original the first time the brand section names it
   * and stored beside its renditions; favicon.ico is written last, so its presence means all are there.
   */
  async function ensureFaviconSet(id: string, originalKey: string): Promise<void> {
    if (await store.stat(iconKey(id, 'favicon.ico'))) return;
    const original = await readAll(await store.read(originalKey));
    const inspected = await inspectImage(original);
    if (inspected.kind !== 'image') throw new Error(`the stored original of image ${id} is no longer readable`);
    const { makeFaviconSet } = await import('./favicon-set.ts');
    const icons = await makeFaviconSet(inspected.raster ?? original);
    const files = Object.entries(icons) as [FaviconFile, Buffer][];
    files.sort(([a], [b]) => Number(a === 'favicon.ico') - Number(b === 'favicon.ico'));
    for (const [file, bytes] of files) await store.write(iconKey(id, file), bytes, ICON_TYPES[file]);
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

    async findIcon(id, file) {
      if (!IMAGE_ID.test(id) || !isFaviconFile(file)) return null;
      const key = iconKey(id, file);
      const info = await store.stat(key);
      return info ? { key, info, contentType: ICON_TYPES[file] } : null;
    },

    read: (key) => store.read(key),

    async readWebp(image, wanted) {
      const widths = [...image.widths].sort((a, b) => a - b);
      const width = widths.find((candidate) => candidate >= wanted) ?? widths.at(-1);
      if (width === undefined) return null;
      const key = renditionKey(image.id, width, 'webp');
      return (await store.stat(key)) ? readAll(await store.read(key)) : null;
    },

    async checkReferences(section, content) {
      const errors: FieldErrors = {};
      const refs =
        section === 'pages'
          ? pageImageRefs(content as Pages).map(({ path, image }) => [path, image] as const)
          : (IMAGE_FIELDS[section] ?? []).map((field) => [field, (content as Record<string, unknown>)[field] as ImageRef | null] as const);
      for (const [field, ref] of refs) {
        if (!ref) continue;
        const stored = await db
          .selectFrom('siteImages')
          .select(['width', 'height', 'widths', 'originalKey'])
          .where('id', '=', ref.id)
          .executeTakeFirst();
        if (!stored) {
          errors[field] = ['This image was not found: upload it again'];
          continue;
        }
        ref.width = stored.width;
        ref.height = stored.height;
        ref.widths = JSON.parse(stored.widths) as number[];
        if (section === 'brand' && field === 'favicon') {
          // The schema judged the sizes the editor sent; these are the stored ones.
          const problem = faviconProblem(stored);
          if (problem) errors[field] = [problem];
          else await ensureFaviconSet(ref.id, stored.originalKey);
        }
      }
      return Object.keys(errors).length > 0 ? errors : null;
    },
  };
}
