import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { GroupError } from './fields.tsx';
import type { SectionForm } from './use-section-form.ts';

interface ListEditorProps<T> {
  form: SectionForm;
  path: string;
  legend: string;
  description?: ReactNode;
  /** What one row is called, capitalised: "Question" makes "Question 2", "Move question 2 up". */
  noun: string;
  make: () => T;
  max: number;
  empty?: string;
  children: (row: { index: number; path: string; name: string }) => ReactNode;
  /** Lays a row's inputs out side by side from this width on. */
  columns?: string;
  /** Inside another group (a package's features): no box of its own. */
  nested?: boolean;
  /** Shown before the Add button (what kind of row it adds). */
  beforeAdd?: ReactNode;
}

type Focus = { index: number; target: 'first' | 'up' | 'down' } | { index: -1; target: 'add' } | null;

const iconButton = cn(
  'grid size-11 shrink-0 place-items-center rounded-full border border-line-strong text-fg-muted transition-colors sm:size-9',
  'hover:border-accent hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line-strong disabled:hover:text-fg-muted',
);

let nextKey = 1;

/**
 * Move up and move down, named after the row ("Move step 2 up"); `data-move` lets a list put focus
 * back on the moved row's button after it re-renders.
 */
export function MoveButtons({
  name,
  first,
  last,
  disabled,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <>
      <button
        type="button"
        data-move="up"
        className={iconButton}
        disabled={first || disabled}
        aria-label={`Move ${name} up`}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        data-move="down"
        className={iconButton}
        disabled={last || disabled}
        aria-label={`Move ${name} down`}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden className="size-4" />
      </button>
    </>
  );
}

/**
 * Add, remove and reorder rows with buttons (keyboard and screen reader friendly, no dragging).
 * Focus follows the change: into a new row, onto the row that took a removed one's place, onto the
 * moved row's button.
 */
export function ListEditor<T>({
  form,
  path,
  legend,
  description,
  noun,
  make,
  max,
  empty,
  children,
  columns,
  nested = false,
  beforeAdd,
}: ListEditorProps<T>) {
  const items = form.value<T[]>(path) ?? [];
  const [keys, setKeys] = useState<number[]>(() => items.map(() => nextKey++));
  const rowKeys = keys.length === items.length ? keys : items.map((_, index) => keys[index] ?? nextKey++);
  const container = useRef<HTMLOListElement | null>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  // Where focus goes after the render a change causes (a ref: moving focus is not state to render).
  const pendingFocus = useRef<Focus>(null);
  const lower = noun.toLowerCase();

  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    if (focus.target === 'add') return addButton.current?.focus();
    // `:scope >`: a row's own lists (a package's included items) have rows of their own.
    const row = container.current?.querySelector(`:scope > [data-row="${focus.index}"]`);
    const first = focus.target === 'first' ? 'input, textarea, select' : `[data-move="${focus.target}"]:not(:disabled)`;
    // A row moved to the top or bottom has that button disabled: its other move button takes focus.
    (row?.querySelector<HTMLElement>(first) ?? row?.querySelector<HTMLElement>('[data-move]:not(:disabled)'))?.focus();
  });

  const apply = (next: T[], nextKeys: number[], then: Focus) => {
    form.setList(path, next);
    setKeys(nextKeys);
    pendingFocus.current = then;
  };

  const add = () => apply([...items, make()], [...rowKeys, nextKey++], { index: items.length, target: 'first' });
  const remove = (index: number) => {
    const left = items.length - 1;
    apply(
      items.filter((_, at) => at !== index),
      rowKeys.filter((_, at) => at !== index),
      left === 0 ? { index: -1, target: 'add' } : { index: Math.min(index, left - 1), target: 'first' },
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const swap = <V,>(list: V[]) => {
      const copy = [...list];
      [copy[index], copy[to]] = [copy[to]!, copy[index]!];
      return copy;
    };
    apply(swap(items), swap(rowKeys), { index: to, target: by < 0 ? 'up' : 'down' });
  };

  return (
    <fieldset className={cn('grid min-w-0 gap-4', nested ? '' : 'rounded-xl border border-line bg-surface p-4 sm:p-5')}>
      <legend className={cn('font-semibold text-fg', nested ? 'text-sm' : 'px-1 text-base')}>{legend}</legend>
      {description ? <p className="-mt-2 text-sm text-fg-muted">{description}</p> : null}
      {items.length === 0 && empty ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">{empty}</p>
      ) : null}
      <ol ref={container} className="grid gap-3">
        {items.map((_, index) => {
          const name = `${noun} ${index + 1}`;
          return (
            <li key={rowKeys[index]} data-row={index} className="rounded-xl border border-line bg-ink/40 p-3 sm:p-4">
              <fieldset className="grid min-w-0 gap-3">
                <legend className="sr-only">{name}</legend>
                <div className="flex items-center justify-between gap-2">
                  <span aria-hidden className="text-sm font-semibold text-fg-muted">
                    {name}
                  </span>
                  <div className="flex gap-1.5">
                    <MoveButtons
                      name={`${lower} ${index + 1}`}
                      first={index === 0}
                      last={index === items.length - 1}
                      disabled={form.saving}
                      onMove={(by) => move(index, by)}
                    />
                    <button
                      type="button"
                      className={cn(iconButton, 'hover:border-red-400 hover:text-red-300')}
                      disabled={form.saving}
                      aria-label={`Remove ${lower} ${index + 1}`}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </div>
                </div>
                <div className={cn('grid min-w-0 gap-3', columns)}>{children({ index, path: `${path}.${index}`, name })}</div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <GroupError form={form} path={path} />
      <div className="flex flex-wrap items-end gap-3">
        {beforeAdd}
        <Button
          ref={addButton}
          variant="secondary"
          size="sm"
          className="max-sm:h-11"
          onClick={add}
          disabled={items.length >= max || form.saving}
        >
          <Plus aria-hidden className="size-4" />
          Add {lower}
        </Button>
      </div>
    </fieldset>
  );
}
