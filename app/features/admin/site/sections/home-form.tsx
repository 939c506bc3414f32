import { useEffect, useRef } from 'react';
import { CheckboxInput, FieldGroup, GroupError, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { MoveButtons } from '#app/features/admin/site/list-editor.tsx';
import { TokenChips, TokenLegend } from '#app/features/admin/site/token-chips.tsx';
import { HOME_BLOCK_LABELS, type HomeBlock } from '#common/site-content/home.ts';
import type { Studio } from '#common/site-content/studio.ts';

/** Where a block's texts are used, said once under its name. */
const BLOCK_NOTES: Record<HomeBlock['key'], string> = {
  packages: 'The cards come from Packages & prices.',
  preparing: 'The checklist and guides come from Process.',
  samples: 'The six newest samples, from the Samples tab.',
  testimonials: 'Shown only when there is at least one testimonial.',
  contact: 'The contact form follows the intro.',
};

/**
 * The home page's blocks after the hero: each block once, in the order shown, moved with buttons
 * (no dragging), each with its words and whether it shows. Blocks are never added or removed.
 */
export function HomeForm({ form, studio }: { form: SectionForm; studio: Studio }) {
  const blocks = form.value<HomeBlock[]>('blocks') ?? [];
  const list = useRef<HTMLOListElement | null>(null);
  // After a move, focus stays on the moved block's button (or its other one at either end).
  const pendingFocus = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);

  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    const row = list.current?.querySelector(`:scope > [data-block="${focus.key}"]`);
    (
      row?.querySelector<HTMLElement>(`[data-move="${focus.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLElement>('[data-move]:not(:disabled)')
    )?.focus();
  });

  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    pendingFocus.current = { key: blocks[index]!.key, direction: by < 0 ? 'up' : 'down' };
    form.setList('blocks', next);
  };

  return (
    <>
      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5">
        <legend className="px-1 text-base font-semibold text-fg">Blocks after the hero</legend>
        <p className="-mt-2 text-sm text-fg-muted">In the order the home page shows them. Untick one to hide it.</p>
        <ol ref={list} className="grid gap-3">
          {blocks.map((block, index) => {
            const label = HOME_BLOCK_LABELS[block.key] ?? block.key;
            const path = `blocks.${index}`;
            return (
              <li key={block.key} data-block={block.key} className="rounded-xl border border-line bg-ink/40 p-3 sm:p-4">
                <fieldset className="grid min-w-0 gap-3">
                  <legend className="sr-only">{label}</legend>
                  <div className="flex items-start justify-between gap-2">
                    <div>
                      <p aria-hidden className="font-semibold text-fg">
                        {index + 1}. {label}
                        {block.visible ? null : <span className="ml-2 text-sm font-normal text-fg-subtle">(hidden)</span>}
                      </p>
                      <p className="text-xs text-fg-subtle">{BLOCK_NOTES[block.key]}</p>
                    </div>
                    <div className="flex gap-1.5">
                      <MoveButtons
                        name={label}
                        first={index === 0}
                        last={index === blocks.length - 1}
                        disabled={form.saving}
                        onMove={(by) => move(index, by)}
                      />
                    </div>
                  </div>
                  <CheckboxInput form={form} path={`${path}.visible`} label={`Show ${label} on the home page`} />
                  <div className="grid items-start gap-3 sm:grid-cols-2">
                    <TextInput
                      form={form}
                      path={`${path}.eyebrow`}
                      label={`${label} eyebrow`}
                      hint="The small line above the title; may be empty."
                      maxLength={60}
                    />
                    <TextInput form={form} path={`${path}.title`} label={`${label} title`} maxLength={100} />
                  </div>
                  <TextArea form={form} path={`${path}.intro`} label={`${label} intro`} hint="May be empty." maxLength={600} />
                  <TokenChips text={`${block.eyebrow} ${block.title} ${block.intro}`} studio={studio} />
                </fieldset>
              </li>
            );
          })}
        </ol>
        <GroupError form={form} path="blocks" />
      </fieldset>
      <FieldGroup legend="Samples page" description="The opening band of /samples, the portfolio the samples block links to.">
        <TextInput form={form} path="samplesPage.eyebrow" label="Samples page eyebrow" maxLength={60} />
        <TextInput form={form} path="samplesPage.title" label="Samples page heading" maxLength={80} />
        <TextArea form={form} path="samplesPage.intro" label="Samples page intro" maxLength={400} rows={2} />
        <TokenChips text={form.value<string>('samplesPage.intro') ?? ''} studio={studio} />
      </FieldGroup>
      <TokenLegend />
    </>
  );
}
