import { imageUrl } from '#common/site-content/format.ts';
import type { ImageFormat } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { cn } from '#app/lib/cn.ts';

export const ownerSrcSet = (image: ImageRef, format: ImageFormat) =>
  image.widths.map((width) => `${imageUrl(image.id, width, format)} ${width}w`).join(', ');

/**
 * An image the owner uploaded, in every rendition the server made (AVIF, WebP, JPEG at each width).
 * Width and height are the original's, so the browser reserves the space before a byte arrives.
 */
export function OwnerPicture({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: ImageRef;
  sizes: string;
  className?: string;
  /** Above the fold: fetched eagerly and early. */
  priority?: boolean;
}) {
  const largest = Math.max(...image.widths);
  return (
    <picture>
      <source type="image/avif" srcSet={ownerSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={ownerSrcSet(image, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(image.id, largest, 'jpeg')}
        srcSet={ownerSrcSet(image, 'jpeg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        className={cn('h-auto w-full', className)}
      />
    </picture>
  );
}
