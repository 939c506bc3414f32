import { useDeferredValue, useMemo } from 'react';
import { cn } from '#app/lib/cn.ts';
import { parseMarkdown } from '#common/markdown.ts';
import { fillContentTokens } from '#common/site-content/content-tokens.ts';
import type { Packages } from '#common/site-content/packages.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { MarkdownView } from '#app/components/markdown-view.tsx';
import { TextArea } from './fields.tsx';
import type { SectionForm } from './use-section-form.ts';

interface Props {
  form: SectionForm;
  path: string;
  label: string;
  /** The saved studio facts the tokens ({{studio.name}}) stand for in the preview. */
  studio: Studio;
  /** The packages, for texts that name their revisions and turnaround (the agreement). */
  packages?: Packages;
  rows?: number;
  maxLength: number;
}

/** A Markdown text beside its preview, rendered as the page will show it (tokens filled in). */
export function MarkdownField({ form, path, label, studio, packages, rows = 12, maxLength }: Props) {
  const text = useDeferredValue(form.value<string>(path) ?? '');
  const blocks = useMemo(() => parseMarkdown(fillContentTokens(text, { studio, packages })), [text, studio, packages]);
  const previewId = `${form.id(path)}-preview`;
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <TextArea
        form={form}
        path={path}
        label={label}
        rows={rows}
        maxLength={maxLength}
        hint="Markdown: ## Heading, **bold**, *italic*, - list item, [words](https://address). A blank line starts a paragraph."
        className="font-mono text-sm"
      />
      <div className="grid min-w-0 content-start gap-2">
        <p id={previewId} className="text-sm font-medium text-fg">
          {label}: preview
        </p>
        <div
          role="region"
          aria-labelledby={previewId}
          tabIndex={0}
          className={cn(
            'max-h-96 overflow-y-auto rounded-lg border border-line',
            'bg-ink/40 p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
          )}
        >
          {blocks.length > 0 ? (
            <MarkdownView blocks={blocks} className="text-sm" />
          ) : (
            <p className="text-sm text-fg-subtle">Nothing to show yet.</p>
          )}
        </div>
      </div>
    </div>
  );
}
