import type { ReactNode } from 'react';
import { parseMarkdown } from '#common/markdown.ts';
import { imageUrl } from '#common/site-content/format.ts';
import type { ImageRef } from '#common/site-content/image.ts';
import { MarkdownView } from '#app/components/markdown-view.tsx';

/** Fields whose text is Markdown: shown rendered, as the pages show them. */
const MARKDOWN_FIELDS = new Set(['biography', 'body']);

const words = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());

const isImage = (value: object): value is ImageRef => 'id' in value && 'widths' in value && 'width' in value;

function Value({ name, value }: { name: string; value: unknown }): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="text-fg-subtle">(none)</span>;
  if (typeof value === 'string') {
    return MARKDOWN_FIELDS.has(name) ? (
      <MarkdownView blocks={parseMarkdown(value)} className="max-h-72 overflow-y-auto rounded-lg border border-line p-3 text-sm" />
    ) : (
      <span className="whitespace-pre-wrap break-words">{value}</span>
    );
  }
  if (typeof value !== 'object') return <span>{typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-fg-subtle">(none)</span>;
    return (
      <ol className="grid list-decimal gap-2 pl-5">
        {value.map((item, index) => (
          <li key={index}>
            <Value name={name} value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (isImage(value)) {
    const width = [...value.widths].sort((a, b) => a - b).find((candidate) => candidate >= 320) ?? value.widths.at(-1)!;
    return (
      <img
        src={imageUrl(value.id, width, 'webp')}
        alt={value.alt}
        width={value.width}
        height={value.height}
        className="h-auto max-h-40 w-auto rounded-lg"
      />
    );
  }
  return <FieldsPreview fields={value as Record<string, unknown>} nested />;
}

/** A read-only view of a section's fields (an old version, before restoring it). */
export function FieldsPreview({ fields, nested = false }: { fields: Record<string, unknown>; nested?: boolean }) {
  const entries = Object.entries(fields).filter(([key]) => key !== 'version' && key !== 'updatedAt');
  return (
    <dl className={nested ? 'grid gap-2 border-l border-line pl-3' : 'grid gap-4'}>
      {entries.map(([key, value]) => (
        <div key={key} className="grid min-w-0 gap-1 text-sm">
          <dt className="font-semibold text-fg-muted">{words(key)}</dt>
          <dd className="min-w-0 text-fg">
            <Value name={key} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
