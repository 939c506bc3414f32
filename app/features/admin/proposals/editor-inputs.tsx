import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';

/** The editor's text field and its list of rows (extras, options), each with its remove button. */
export function TextInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <FormField id={props.id} label={props.label} error={props.error} hint={props.hint}>
      {(control) => (
        <input
          {...control}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          className={inputClasses}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

export function RowsEditor<Row>(props: {
  title: string;
  addLabel: string;
  rows: Row[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  render: (row: Row, index: number) => ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">{props.title}</legend>
      {props.rows.map((row, index) => (
        <div key={index} className="flex items-start gap-2">
          {props.render(row, index)}
          <button
            type="button"
            onClick={() => props.onRemove(index)}
            className={buttonClasses('ghost', 'sm')}
            aria-label={`Remove ${index + 1}`}
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
      ))}
      <button type="button" onClick={props.onAdd} className={buttonClasses('ghost', 'sm', 'justify-self-start')}>
        <Plus aria-hidden className="size-4" /> {props.addLabel}
      </button>
    </fieldset>
  );
}
