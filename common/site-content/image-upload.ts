/**
 * What an image upload to `POST /api/admin/images` may be (docs/decisions/050-owner-images.md). The
 * editor's uploader and the server share these numbers; the server checks the bytes, not the name
 * or the declared type. An SVG is checked and drawn into pixels at upload (decision 075): only those are served.
 */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];

/** 15 MiB: a full-size phone photo fits with room to spare. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/**
 * An SVG is text a parser reads whole before anything can be measured: 1 MiB and 10,000 elements
 * hold any logo or wordmark (a detailed one has a few hundred), and keep what the drawing costs small.
 */
export const MAX_SVG_BYTES = 1024 * 1024;
export const MAX_SVG_ELEMENTS = 10_000;

/** 60 megapixels: larger than any phone or most cameras; a bigger frame is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 60_000_000;

/** The longest side an ImageRef may name (common/site-content/image.ts): a longer panorama is refused at upload. */
export const MAX_IMAGE_SIDE = 20_000;

/** The widths made of every upload (never wider than the original; a narrower original gets its own width). */
export const IMAGE_RENDITION_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export function isImageUploadType(value: string): value is ImageUploadType {
  return (IMAGE_UPLOAD_TYPES as readonly string[]).includes(value);
}

/** The widths made of an original `width` pixels wide: the standard ones below it, then the original (at most 1920). */
export function renditionWidths(width: number): number[] {
  const largest = Math.min(width, IMAGE_RENDITION_WIDTHS[IMAGE_RENDITION_WIDTHS.length - 1]);
  return [...IMAGE_RENDITION_WIDTHS.filter((candidate) => candidate < largest), largest];
}
