import type SharpConstructor from 'sharp';
import type { Metadata, Sharp } from 'sharp';

/** sharp (libvips) loads with the first image upload, not at start-up: most processes never handle one. */
let sharpModule: Promise<{ default: typeof SharpConstructor }> | null = null;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, renditionWidths, type ImageUploadType } from '#common/site-content/image-upload.ts';
import type { ImageFormat } from '#common/site-content/format.ts';
import { checkSvg, checkSvgSize, isCompressed, isMarkup } from './svg-check.ts';

export type ImageInspection =
  | {
      kind: 'image';
      type: ImageUploadType;
      width: number;
      height: number;
      widths: number[];
      /** An SVG's drawing as a PNG: the renditions are made from it (the SVG itself is never served). */
      raster?: Buffer;
    }
  | { kind: 'unreadable' }
  | { kind: 'unsafe-svg'; reason: string }
  /** Over MAX_SVG_BYTES or MAX_SVG_ELEMENTS: refused before it is parsed. */
  | { kind: 'svg-too-large'; limit: 'bytes' | 'elements' }
  | { kind: 'unsupported'; format: string }
  | { kind: 'too-many-pixels'; pixels: number };

export interface Rendition {
  width: number;
  format: ImageFormat;
  data: Buffer;
}

/** An SVG is drawn this many pixels on its longer side: crisp for a header logo on a 3x screen, and for the favicon's 512 px icon. */
export const SVG_RASTER_SIDE = 1024;

/** Decoding stops at this many pixels (a small file can claim a huge frame: a decompression bomb). */
const INPUT_OPTIONS = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

/** The JPEG fallback has no transparency: transparent parts take the site's surface colour (app/app.css). */
const JPEG_BACKGROUND = '#15151c';

const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  // Effort 2 of 9: a 1920-wide AVIF in about 2 s on one core instead of 7 s, for 10% more bytes.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 76 }),
  jpeg: (image) => image.flatten({ background: JPEG_BACKGROUND }).jpeg({ quality: 78, mozjpeg: true, progressive: true }),
};

function realType(metadata: Metadata): ImageUploadType | null {
  if (metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp') return `image/${metadata.format}`;
  // sharp names AVIF "heif"; the compression tells it from HEIC, which browsers cannot show.
  if (metadata.format === 'heif' && metadata.compression === 'av1') return 'image/avif';
  return null;
}

/**
 * What the bytes really are, from their content (the declared type is not trusted): one of the
 * accepted formats, its size as it displays (EXIF rotation applied) and the widths to make.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageInspection> {
  // Before sharp sees the bytes: reading even an SVG's size parses all of it (inflated first, if compressed).
  if (isCompressed(bytes)) return { kind: 'unsupported', format: 'compressed (gzip)' };
  const markup = isMarkup(bytes);
  if (markup) {
    const size = checkSvgSize(bytes);
    if (!size.ok) return { kind: 'svg-too-large', limit: size.limit };
    const check = checkSvg(bytes);
    if (!check.ok) return { kind: 'unsafe-svg', reason: check.reason };
  }
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels: the pixel count is checked here, with its own message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { kind: 'unreadable' };
  }
  if (metadata.format === 'svg') return markup ? drawSvg(bytes, metadata) : { kind: 'unreadable' };
  const type = realType(metadata);
  if (!type) return { kind: 'unsupported', format: metadata.format ?? 'unknown' };
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) return { kind: 'unreadable' };
  if (width * height > MAX_IMAGE_PIXELS || Math.max(width, height) > MAX_IMAGE_SIDE)
    return { kind: 'too-many-pixels', pixels: width * height };
  return { kind: 'image', type, width, height, widths: renditionWidths(width) };
}

/** An SVG that passed its checks, drawn once at SVG_RASTER_SIDE on its longer side (docs/decisions/075-logo-and-favicon.md). */
async function drawSvg(bytes: Buffer, metadata: Metadata): Promise<ImageInspection> {
  const longer = Math.max(metadata.width ?? 0, metadata.height ?? 0);
  if (!longer) return { kind: 'unreadable' };
  const sharp = await loadSharp();
  let raster: Buffer;
  try {
    // sharp sizes an SVG at 72 dpi: the density scales the drawing so its longer side is SVG_RASTER_SIDE.
    raster = await sharp(bytes, { ...INPUT_OPTIONS, density: (72 * SVG_RASTER_SIDE) / longer })
      .png()
      .toBuffer();
  } catch {
    return { kind: 'unreadable' };
  }
  const drawn = await sharp(raster).metadata();
  if (!drawn.width || !drawn.height) return { kind: 'unreadable' };
  return {
    kind: 'image',
    type: 'image/svg+xml',
    width: drawn.width,
    height: drawn.height,
    widths: renditionWidths(drawn.width),
    raster,
  };
}

/**
 * Every rendition of an inspected image: rotated upright by its EXIF orientation, with no metadata
 * at all (sharp writes none unless asked: no GPS position, camera or ICC profile leaves the server),
 * in sRGB. The original is decoded once, to the largest width, and each rendition is made from that.
 * sharp runs all of this on its own thread pool, off the event loop.
 */
export async function makeRenditions(bytes: Buffer, widths: number[]): Promise<Rendition[]> {
  const sharp = await loadSharp();
  const largest = Math.max(...widths);
  const { data, info } = await sharp(bytes, INPUT_OPTIONS)
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const renditions: Rendition[] = [];
  for (const width of widths) {
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      const resized = sharp(data, { raw }).resize({ width, withoutEnlargement: true });
      renditions.push({ width, format, data: await ENCODERS[format](resized).toBuffer() });
    }
  }
  return renditions;
}
