import { useState } from 'react';
import type { CheckedEmbed } from '#common/embeds.ts';
import { PROVIDER_FACTS } from '#common/embeds.ts';
import type { Credit } from '#common/site-content/about.ts';
import type { FaqEntry } from '#common/site-content/faq.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import type { PageBlockType } from '#common/site-content/pages.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ImageField } from '#app/features/admin/site/image-field.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import { CreditFields } from './credit-fields.tsx';
import { MarkdownField } from '#app/features/admin/site/markdown-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { api } from '#app/lib/api.ts';

/** What each kind of block is called in the editor, in the order the chooser lists them. */
export const BLOCK_LABELS: Record<PageBlockType, string> = {
  text: 'Text',
  image: 'Image',
  cta: 'Call to action',
  faq: 'Questions (FAQ)',
  credits: 'Credits list',
  embed: 'Player (Spotify, YouTube…)',
  gallery: 'Image gallery',
  testimonials: 'Testimonials',
};

/** A new, empty block of a kind (the form shows what it still needs). */
export function emptyBlock(type: PageBlockType): Record<string, unknown> {
  switch (type) {
    case 'text':
      return { type, body: '' };
    case 'image':
      return { type, image: null, caption: '' };
    case 'gallery':
      return { type, images: [] };
    case 'cta':
      return { type, title: '', text: '', button: 'Get in touch', link: '/contact' };
    case 'faq':
      return { type, title: 'Questions', entries: [{ question: '', answer: '' }] };
    case 'credits':
      return { type, title: 'Credits', credits: [{ artist: '', title: '', role: '', year: null, url: null }] };
    case 'embed':
      return { type, url: '', title: '' };
    case 'testimonials':
      return { type, title: 'What Artists Say' };
  }
}

const EMBED_HINT =
  'A Spotify, Apple Music, YouTube, SoundCloud, Bandcamp or Vimeo link. ' +
  'Visitors see your own play button first; the provider loads only when they press it.';

type Props = { form: SectionForm; path: string; name: string; studio: Studio };

function EmbedFields({ form, path, name }: Props) {
  const [checked, setChecked] = useState<{ ok: true; embed: CheckedEmbed } | { ok: false; message: string } | null>(null);
  const check = async () => {
    const result = await api<CheckedEmbed>('POST', '/api/embeds/check', { url: form.value<string>(`${path}.url`) ?? '' });
    setChecked(result.ok ? { ok: true, embed: result.data } : { ok: false, message: result.serverMessage ?? result.message });
  };
  return (
    <>
      <TextInput
        form={form}
        path={`${path}.url`}
        label={`${name} link`}
        type="url"
        inputMode="url"
        placeholder="https://open.spotify.com/album/…"
        hint={EMBED_HINT}
      />
      <TextInput form={form} path={`${path}.title`} label={`${name} title (optional)`} maxLength={120} placeholder="New album, out now" />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" className="max-sm:h-11" onClick={() => void check()} disabled={form.saving}>
          Check link
        </Button>
        <p role="status" className="text-sm text-fg-muted">
          {checked === null ? null : checked.ok ? `${PROVIDER_FACTS[checked.embed.provider].name} player: ready to show` : checked.message}
        </p>
      </div>
    </>
  );
}

function CreditsFields({ form, path, name }: Props) {
  return (
    <>
      <TextInput form={form} path={`${path}.title`} label={`${name} heading`} maxLength={100} />
      <ListEditor<Credit>
        form={form}
        path={`${path}.credits`}
        legend="Credits"
        noun="Credit"
        make={() => ({ artist: '', title: '', role: '', year: null, url: null })}
        max={200}
        columns="sm:grid-cols-2"
        nested
      >
        {({ path: row, name: credit }) => (
          <>
            <CreditFields form={form} path={row} name={credit} />
          </>
        )}
      </ListEditor>
    </>
  );
}

function FaqFields({ form, path, name }: Props) {
  return (
    <>
      <TextInput form={form} path={`${path}.title`} label={`${name} heading`} maxLength={100} />
      <ListEditor<FaqEntry>
        form={form}
        path={`${path}.entries`}
        legend="Questions"
        noun="Question"
        make={() => ({ question: '', answer: '' })}
        max={40}
        nested
      >
        {({ path: row, name: entry }) => (
          <>
            <TextInput form={form} path={`${row}.question`} label={entry} maxLength={200} />
            <TextArea form={form} path={`${row}.answer`} label={`${entry} answer`} maxLength={3000} />
          </>
        )}
      </ListEditor>
    </>
  );
}

function GalleryFields({ form, path }: Props) {
  return (
    <ListEditor<{ image: ImageRef | null; caption: string }>
      form={form}
      path={`${path}.images`}
      legend="Images"
      noun="Image"
      make={() => ({ image: null, caption: '' })}
      max={24}
      nested
    >
      {({ path: row, name: entry }) => (
        <>
          <ImageField form={form} path={`${row}.image`} legend={entry} without="Upload an image." />
          <TextInput form={form} path={`${row}.caption`} label={`${entry} caption (optional)`} maxLength={300} />
        </>
      )}
    </ListEditor>
  );
}

/** The inputs of one block, by its kind. */
export function BlockFields(props: Props & { type: PageBlockType }) {
  const { form, path, name, studio, type } = props;
  switch (type) {
    case 'text':
      return <MarkdownField form={form} path={`${path}.body`} label={`${name} text`} studio={studio} maxLength={20_000} rows={8} />;
    case 'image':
      return (
        <>
          <ImageField form={form} path={`${path}.image`} legend={`${name} image`} without="Upload an image." />
          <TextInput form={form} path={`${path}.caption`} label={`${name} caption (optional)`} maxLength={300} />
        </>
      );
    case 'gallery':
      return <GalleryFields {...props} />;
    case 'cta':
      return (
        <>
          <TextInput form={form} path={`${path}.title`} label={`${name} heading`} maxLength={100} />
          <TextArea form={form} path={`${path}.text`} label={`${name} text (optional)`} maxLength={400} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput form={form} path={`${path}.button`} label={`${name} button label`} maxLength={40} />
            <TextInput form={form} path={`${path}.link`} label={`${name} button link`} maxLength={2048} placeholder="/contact" />
          </div>
        </>
      );
    case 'faq':
      return <FaqFields {...props} />;
    case 'credits':
      return <CreditsFields {...props} />;
    case 'embed':
      return <EmbedFields {...props} />;
    case 'testimonials':
      return (
        <TextInput
          form={form}
          path={`${path}.title`}
          label={`${name} heading`}
          maxLength={100}
          hint="Shows the quotes of the Testimonials section; with none there, the block is left out."
        />
      );
  }
}
