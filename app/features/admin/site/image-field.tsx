import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { imageUrl } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { Button } from '#app/components/ui/button.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { FieldGroup, GroupError, TextInput } from './fields.tsx';
import type { SectionForm } from './use-section-form.ts';

// SVG is drawn into pixels by the server (decision 075): a logo made in any design tool works.
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml'];
/** What the server takes (POST /api/admin/images); a larger file is refused here before it travels. */
const MAX_BYTES = 15 * 1024 * 1024;

/** The smallest rendition at least as wide as a preview needs. */
export function previewWidth(image: ImageRef, wanted = 640): number {
  const widths = [...image.widths].sort((a, b) => a - b);
  return widths.find((width) => width >= wanted) ?? widths.at(-1) ?? image.width;
}

interface Props {
  form: SectionForm;
  path: string;
  legend: string;
  /** What the page shows without an image. */
  without: string;
  /** What works best (shown under the legend). */
  description?: ReactNode;
  /** false: the picture stands for words the site already has (a logo, a favicon), so no description is asked. */
  describe?: boolean;
  /** Why an uploaded image cannot be used here, or null (checked before it replaces the current one). */
  check?: (image: ImageRef) => string | null;
  /** The preview in place of the plain thumbnail (e.g. the logo as the header shows it). */
  preview?: (image: ImageRef) => ReactNode;
  /** What the buttons call the picture ("Upload logo"). */
  noun?: string;
}

/**
 * An owner image: upload (the server checks it by content and makes its renditions), a preview,
 * its description for screen readers, and remove.
 */
export function ImageField({ form, path, legend, without, description, describe = true, check, preview, noun = 'image' }: Props) {
  const image = form.value<ImageRef | null>(path);
  const input = useRef<HTMLInputElement | null>(null);
  const [uploading, setUploading] = useState(false);
  const inputId = useId();

  async function upload(file: File) {
    if (!ACCEPTED.includes(file.type)) {
      toast({ title: 'Not uploaded', description: 'Choose a JPEG, PNG, WebP, AVIF or SVG image.', variant: 'destructive' });
      return;
    }
    if (file.size > MAX_BYTES) {
      toast({ title: 'Not uploaded', description: 'The image must be at most 15 MB.', variant: 'destructive' });
      return;
    }
    setUploading(true);
    const result = await api<ImageRef>('POST', '/api/admin/images', file);
    setUploading(false);
    if (!result.ok) {
      toast({ title: 'Not uploaded', description: result.serverMessage ?? result.message, variant: 'destructive' });
      return;
    }
    const problem = check?.(result.data);
    if (problem) {
      toast({ title: 'Not used', description: problem, variant: 'destructive' });
      return;
    }
    // A new picture keeps the description typed for the old one until the owner changes it.
    form.set(path, { ...result.data, alt: image?.alt || result.data.alt || '' });
    toast({ title: 'Uploaded', description: 'Save the section to show it on the site.' });
  }

  return (
    <FieldGroup legend={legend} description={description}>
      {image && preview ? (
        preview(image)
      ) : image ? (
        <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
          <img
            src={imageUrl(image.id, previewWidth(image, 384), 'webp')}
            alt={image.alt ? `Preview: ${image.alt}` : 'Preview of the uploaded image'}
            width={image.width}
            height={image.height}
            className="h-auto w-full max-w-48 rounded-lg border border-line bg-ink object-cover"
          />
          <div className="grid gap-4">
            {describe ? (
              <TextInput
                form={form}
                path={`${path}.alt`}
                label={`${legend}: description`}
                hint="What the picture shows, for people who cannot see it."
                maxLength={200}
              />
            ) : null}
            <p className="text-xs text-fg-subtle">
              {image.width} × {image.height} px
            </p>
          </div>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">{without}</p>
      )}
      <GroupError form={form} path={path} />
      <GroupError form={form} path={`${path}.id`} />
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          aria-label={`${legend}: choose an image file`}
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          className="max-sm:h-11"
          disabled={uploading || form.saving}
          onClick={() => input.current?.click()}
        >
          {uploading ? (
            <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
          ) : (
            <ImagePlus aria-hidden className="size-4" />
          )}
          {uploading ? 'Uploading...' : image ? `Replace ${noun}` : `Upload ${noun}`}
        </Button>
        {image ? (
          <Button
            variant="ghost"
            size="sm"
            className="max-sm:h-11"
            disabled={uploading || form.saving}
            onClick={() => form.set(path, null)}
          >
            <Trash2 aria-hidden className="size-4" />
            Remove {noun}
          </Button>
        ) : null}
      </div>
    </FieldGroup>
  );
}
