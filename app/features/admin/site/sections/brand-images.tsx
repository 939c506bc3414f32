import { faviconProblem, FAVICON_MIN_SIDE } from '#common/site-content/brand.ts';
import { imageUrl } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { Logo, logoBox } from '#app/components/logo.tsx';
import { ImageField, previewWidth } from '#app/features/admin/site/image-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

const PANEL = 'rounded-lg border border-line bg-ink';

/** The logo as the site's header shows it: on the header's colour, at its size, beside a hint of the menu. */
function LogoPreview({ image, studio }: { image: ImageRef; studio: Pick<Studio, 'name'> }) {
  const box = logoBox(image);
  return (
    <figure className="grid gap-2">
      <div className={`${PANEL} flex h-16 items-center justify-between gap-4 px-4`}>
        <Logo name={`Preview: ${studio.name}`} shortName={studio.name} image={image} priority />
        <span aria-hidden className="hidden gap-4 text-sm text-fg-muted sm:flex">
          <span>Home</span>
          <span>Services</span>
          <span>About</span>
        </span>
      </div>
      <figcaption className="text-xs text-fg-subtle">
        In the header: {box.width} × {box.height} px. Uploaded: {image.width} × {image.height} px.
      </figcaption>
    </figure>
  );
}

/** The favicon where visitors meet it: a browser tab at 16 px, 32 px and a phone's home screen. */
function FaviconPreview({ image, studio }: { image: ImageRef; studio: Pick<Studio, 'name'> }) {
  const src = imageUrl(image.id, previewWidth(image, 180), 'webp');
  return (
    <figure className="grid gap-2">
      <div className="flex flex-wrap items-end gap-5">
        <div className={`${PANEL} flex h-9 max-w-full min-w-0 items-center gap-2 rounded-b-none border-b-0 bg-surface-raised px-3`}>
          <img src={src} alt="Preview at 16 pixels, in a browser tab" width={16} height={16} className="size-4 shrink-0" />
          <span className="truncate text-xs text-fg">{studio.name}</span>
        </div>
        <img src={src} alt="Preview at 32 pixels" width={32} height={32} className="size-8" />
        <img src={src} alt="Preview on a phone's home screen" width={60} height={60} className="size-15 rounded-[14px]" />
      </div>
      <figcaption className="text-xs text-fg-subtle">
        Uploaded: {image.width} × {image.height} px. Saving makes favicon.ico (16, 32 and 48 px), the phone icons and the app icons from it.
      </figcaption>
    </figure>
  );
}

/** The owner's logo and favicon: upload, preview as the site shows them, remove (decision 075). */
export function BrandImages({ form, studio }: { form: SectionForm; studio: Pick<Studio, 'name'> }) {
  return (
    <>
      <ImageField
        form={form}
        path="logo"
        legend="Logo"
        noun="logo"
        describe={false}
        description={
          <>
            Shown in the header and footer instead of the built-in mark and name, and on the pictures shown when a page is shared. Works
            best: an SVG or a PNG with a transparent background, light on dark, wider than tall. Screen readers read the studio&apos;s name
            for it.
          </>
        }
        without="The header shows the built-in waveform mark beside the studio's name."
        preview={(image) => <LogoPreview image={image} studio={studio} />}
      />
      <ImageField
        form={form}
        path="favicon"
        legend="Favicon"
        noun="favicon"
        describe={false}
        description={
          <>
            The little picture in browser tabs, bookmarks and on a phone&apos;s home screen. Use one square image, at least{' '}
            {FAVICON_MIN_SIDE} × {FAVICON_MIN_SIDE} px, PNG or SVG: a bold, simple mark reads best at 16 px.
          </>
        }
        without="Browsers show the built-in waveform icon."
        check={faviconProblem}
        preview={(image) => <FaviconPreview image={image} studio={studio} />}
      />
    </>
  );
}
