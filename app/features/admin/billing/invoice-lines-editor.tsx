import { Plus, Trash2 } from 'lucide-react';
import { MAX_INVOICE_LINES } from '#common/billing/invoices.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { blankLine, type LineFields } from './invoice-form.ts';

const compact = 'py-2.5';

/** Every input is named for its line ("Line 2 amount ($)"); on screen the columns' words are enough. */
function LineLabel({ index, visible, named }: { index: number; visible: string; named: string }) {
  return (
    <>
      {/* Stacked on a phone, every line shows its labels; in columns, the first line's head them. */}
      <span aria-hidden className={index === 0 ? undefined : 'sm:hidden'}>
        {visible}
      </span>
      <span className="sr-only">{`Line ${index + 1} ${named}`}</span>
    </>
  );
}

interface Props {
  lines: LineFields[];
  /** By field id: `line-{key}-description`, `line-{key}-amount`, and `lines` for the list as a whole. */
  errors: Record<string, string>;
  pending: boolean;
  onEditLine: (key: number, change: { description?: string; amount?: string }) => void;
  /** A line added or removed. */
  onLines: (lines: LineFields[]) => void;
}

/** An invoice's lines: a description and an amount in dollars each, added and removed (one at least). */
export function InvoiceLinesEditor({ lines, errors, pending, onEditLine, onLines }: Props) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-fg">Lines</legend>
      <ol className="grid gap-3">
        {lines.map((line, index) => (
          <li
            key={line.key}
            className={cn(
              'grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto]',
              // Stacked on a phone: a rule keeps one line's description and amount together.
              'max-sm:border-b max-sm:border-line max-sm:pb-3',
            )}
          >
            <div className="col-span-2 sm:col-span-1">
              <TextField
                id={`line-${line.key}-description`}
                label={<LineLabel index={index} visible="Description" named="description" />}
                value={line.description}
                onChange={(event) => onEditLine(line.key, { description: event.target.value })}
                error={errors[`line-${line.key}-description`]}
                maxLength={200}
                disabled={pending}
                className={compact}
              />
            </div>
            <TextField
              id={`line-${line.key}-amount`}
              label={<LineLabel index={index} visible="Amount ($)" named="amount ($)" />}
              value={line.amount}
              onChange={(event) => onEditLine(line.key, { amount: event.target.value })}
              error={errors[`line-${line.key}-amount`]}
              inputMode="decimal"
              placeholder="0.00"
              disabled={pending}
              className={cn(compact, 'text-right tabular-nums')}
            />
            {/* Level with the amount: below a label (1.25 rem and the 0.5 rem gap) unless the columns' head has it. */}
            <div className={cn('flex h-11.5 items-center', index === 0 ? 'mt-7' : 'mt-7 sm:mt-2')}>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove line ${index + 1}`}
                disabled={pending || lines.length === 1}
                onClick={() => onLines(lines.filter((other) => other.key !== line.key))}
                className="px-3 text-fg-muted"
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {errors.lines ? (
        <p role="alert" className="text-sm font-medium text-red-400">
          {errors.lines}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        className="justify-self-start"
        disabled={pending || lines.length >= MAX_INVOICE_LINES}
        onClick={() => onLines([...lines, blankLine()])}
      >
        <Plus aria-hidden className="size-4" />
        Add line
      </Button>
    </fieldset>
  );
}
