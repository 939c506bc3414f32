import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { PREVIEW_PARAM, PREVIEW_VALUE } from '#common/site-content/drafts.ts';
import { pagePath } from '#common/site-content/page-slugs.ts';
import { MAX_BLOCKS, MAX_PAGES, PAGE_BLOCK_TYPES, type PageBlockType } from '#common/site-content/pages.ts';
import { slugFromName } from '#common/site-content/services.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { compactInput, CheckboxInput, FieldGroup, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ImageField } from '#app/features/admin/site/image-field.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { cn } from '#app/lib/cn.ts';
import { BLOCK_LABELS, BlockFields, emptyBlock } from './page-block-fields.tsx';

const previewLink = cn(
  'inline-flex items-center gap-1.5 rounded text-sm text-accent underline underline-offset-4',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
);

const newPage = () => ({
  slug: '',
  formerSlugs: [],
  title: '',
  visible: true,
  blocks: [{ type: 'text', body: '' }],
  seo: { title: '', description: '', shareImage: null, noindex: false },
});

function BlocksEditor({ form, path, studio }: { form: SectionForm; path: string; studio: Studio }) {
  const [kind, setKind] = useState<PageBlockType>('text');
  const selectId = useId();
  const chooser = (
    <div className="grid max-w-xs gap-1">
      <label htmlFor={selectId} className="text-sm font-medium text-fg">
        Kind of block to add
      </label>
      <select id={selectId} className={compactInput} value={kind} onChange={(event) => setKind(event.target.value as PageBlockType)}>
        {PAGE_BLOCK_TYPES.map((type) => (
          <option key={type} value={type}>
            {BLOCK_LABELS[type]}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="grid gap-3">
      <ListEditor<Record<string, unknown>>
        form={form}
        path={`${path}.blocks`}
        legend="Blocks"
        description="Shown one after the other, in this order."
        noun="Block"
        make={() => emptyBlock(kind)}
        max={MAX_BLOCKS}
        empty="No blocks yet: the page shows only its title."
        nested
        beforeAdd={chooser}
      >
        {({ path: block, name }) => {
          const type = form.value<PageBlockType>(`${block}.type`);
          return (
            <>
              <p className="text-xs font-semibold uppercase tracking-wide text-accent">{BLOCK_LABELS[type]}</p>
              <BlockFields form={form} path={block} name={name} studio={studio} type={type} />
            </>
          );
        }}
      </ListEditor>
    </div>
  );
}

function PageFields({ form, path, name, studio }: { form: SectionForm; path: string; name: string; studio: Studio }) {
  const slug = form.value<string>(`${path}.slug`) ?? '';
  const title = form.value<string>(`${path}.title`) ?? '';
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          form={form}
          path={`${path}.title`}
          label={`${name} title`}
          maxLength={100}
          onBlur={() => {
            if (!slug && title) form.set(`${path}.slug`, slugFromName(title));
          }}
        />
        <TextInput
          form={form}
          path={`${path}.slug`}
          label={`${name} address`}
          maxLength={60}
          hint={
            slug
              ? `Visitors open it at ${pagePath(slug)}. Renaming it later sends the old address on.`
              : 'Lowercase words joined by dashes.'
          }
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxInput
          form={form}
          path={`${path}.visible`}
          label="Shown on the site"
          hint="A hidden page answers “not found” and is in no sitemap."
        />
        {slug ? (
          <a href={`${pagePath(slug)}?${PREVIEW_PARAM}=${PREVIEW_VALUE}`} target="_blank" rel="noopener" className={previewLink}>
            Preview {pagePath(slug)}
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      <BlocksEditor form={form} path={path} studio={studio} />
      <FieldGroup legend="Search and sharing" className="bg-ink/40">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput form={form} path={`${path}.seo.title`} label="Search title (optional)" maxLength={70} placeholder={title} />
          <TextArea form={form} path={`${path}.seo.description`} label="Search description (optional)" maxLength={300} />
        </div>
        <ImageField
          form={form}
          path={`${path}.seo.shareImage`}
          legend="Share image (optional)"
          without="None: links to the page show the image made from its title."
          describe={false}
        />
        <CheckboxInput
          form={form}
          path={`${path}.seo.noindex`}
          label="Hide from search engines"
          hint="Left out of the sitemap; search engines are asked not to list it."
        />
      </FieldGroup>
    </>
  );
}

/** The owner's own pages: add, order, hide and remove them, and edit their blocks and search words (decision 119). */
export function PagesForm({ form, studio }: { form: SectionForm; studio: Studio }) {
  return (
    <ListEditor
      form={form}
      path="pages"
      legend="Pages"
      description="Each page has an address of its own. Link shown pages from the menu; the sitemap lists them."
      noun="Page"
      make={newPage}
      max={MAX_PAGES}
      empty="No pages of your own yet."
    >
      {({ path, name }) => <PageFields form={form} path={path} name={name} studio={studio} />}
    </ListEditor>
  );
}
