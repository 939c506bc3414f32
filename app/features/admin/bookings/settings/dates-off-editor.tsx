import { Plus, Trash2 } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { rowId, type DatesOffDraft, type SettingsErrors } from './settings-form.ts';

interface Props {
  datesOff: DatesOffDraft[];
  errors: SettingsErrors;
  onChange: (datesOff: DatesOffDraft[]) => void;
}

/** Holidays and sessions: whole days, first to last, when no consultation is offered. */
export function DatesOffEditor({ datesOff, errors, onChange }: Props) {
  const update = (row: string, change: Partial<DatesOffDraft>) =>
    onChange(datesOff.map((range) => (range.rowId === row ? { ...range, ...change } : range)));
  return (
    <div className="grid gap-3">
      {datesOff.length === 0 ? <p className="text-sm text-fg-subtle">No dates off.</p> : null}
      <ul className="grid gap-3">
        {datesOff.map((range, index) => (
          <li
            key={range.rowId}
            className="grid items-start gap-3 rounded-xl border border-line bg-ink/40 p-3 sm:grid-cols-[10rem_10rem_minmax(0,1fr)_auto]"
          >
            <TextField
              id={`${range.rowId}-from`}
              label="First day"
              type="date"
              value={range.from}
              error={errors[`${range.rowId}.from`]}
              onChange={(event) => update(range.rowId, { from: event.target.value, to: range.to || event.target.value })}
            />
            <TextField
              id={`${range.rowId}-to`}
              label="Last day"
              type="date"
              value={range.to}
              error={errors[`${range.rowId}.to`]}
              onChange={(event) => update(range.rowId, { to: event.target.value })}
            />
            <TextField
              id={`${range.rowId}-label`}
              label="Label"
              placeholder="Holiday, session..."
              value={range.label}
              maxLength={100}
              error={errors[`${range.rowId}.label`]}
              onChange={(event) => update(range.rowId, { label: event.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              className="text-red-300 hover:text-red-200 sm:mt-7"
              aria-label={`Remove dates off ${range.label || index + 1}`}
              onClick={() => onChange(datesOff.filter((item) => item.rowId !== range.rowId))}
            >
              <Trash2 aria-hidden className="size-4" />
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" size="sm" onClick={() => onChange([...datesOff, { rowId: rowId(), from: '', to: '', label: '' }])}>
          <Plus aria-hidden className="size-4" />
          Add dates off
        </Button>
      </div>
    </div>
  );
}
