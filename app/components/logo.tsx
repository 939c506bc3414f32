import { imageUrl } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { logoBox } from '#common/site-content/logo-box.ts';
import { ownerSrcSet } from './owner-picture.tsx';

export { logoBox };

/**
 * The owner's logo (decision 075): it stands for the name (its alt text). Its width and height
 * attributes are the box it is drawn in, so the header keeps its shape before a byte arrives.
 */
function UploadedLogo({ image, name, priority }: { image: ImageRef; name: string; priority: boolean }) {
  const box = logoBox(image);
  const sizes = `${box.width}px`;
  return (
    <picture>
      <source type="image/avif" srcSet={ownerSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={ownerSrcSet(image, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(image.id, Math.min(...image.widths), 'jpeg')}
        srcSet={ownerSrcSet(image, 'jpeg')}
        sizes={sizes}
        width={box.width}
        height={box.height}
        alt={name}
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        className="block object-contain"
      />
    </picture>
  );
}

/** The studio mark: the owner's logo, or a short waveform in the accent colour beside the name. */
export function Logo({
  name,
  shortName,
  image = null,
  priority = false,
}: {
  name: string;
  shortName: string;
  image?: ImageRef | null;
  /** In the header: fetched at once (it is on every first screen). */
  priority?: boolean;
}) {
  if (image) return <UploadedLogo image={image} name={name} priority={priority} />;
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden viewBox="0 0 32 32" width="32" height="32" className="shrink-0">
        <rect width="32" height="32" rx="8" className="fill-accent" />
        {[
          [7, 13, 6],
          [11, 9, 14],
          [15, 6, 20],
          [19, 10, 12],
          [23, 12, 8],
        ].map(([x, y, h]) => (
          <rect key={x} x={x} y={y} width="2.5" height={h} rx="1.25" className="fill-ink" />
        ))}
      </svg>
      {/*
        The short name on phones keeps the header to one line beside Get Started and the menu; screen
        readers always hear the full name (the owner may choose a short name that is not part of it).
      */}
      <span className="whitespace-nowrap text-base font-bold tracking-tight text-fg">
        <span aria-hidden="true" className="sm:hidden">
          {shortName}
        </span>
        <span className="sr-only sm:not-sr-only">{name}</span>
      </span>
    </span>
  );
}
