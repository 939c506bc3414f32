import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import type { SectionForm } from './use-section-form.ts';

/*
 * Inputs bound to a section form by the field's path: the value, the change, the id and the first
 * error message (the schema's at once, the server's after a refused save) all come from the path.
 */

// The dashboard's forms are dense: slightly shorter controls than the public forms'.
export const compactInput = cn(inputClasses, 'py-2.5');

interface BoundProps {
  form: SectionForm;
  path: string;
  label: ReactNode;
  hint?: ReactNode;
}

type TextProps = BoundProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'value' | 'onChange' | 'id'>;

/** A one-line text input; `nullable` stores an empty input as null (optional links). */
export function TextInput({ form, path, label, hint, className, nullable, ...input }: TextProps & { nullable?: boolean }) {
  const value = form.value<string | null>(path) ?? '';
  return (
    <FormField id={form.id(path)} label={label} error={form.error(path)} hint={hint}>
      {(control) => (
        <input
          {...control}
          {...input}
          value={value}
          onChange={(event) => form.set(path, nullable && event.target.value === '' ? null : event.target.value)}
          disabled={form.saving || input.disabled}
          className={cn(compactInput, className)}
        />
      )}
    </FormField>
  );
}

type AreaProps = BoundProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'value' | 'onChange' | 'id'>;

export function TextArea({ form, path, label, hint, className, rows = 3, ...area }: AreaProps) {
  return (
    <FormField id={form.id(path)} label={label} error={form.error(path)} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          {...area}
          rows={rows}
          value={form.value<string>(path) ?? ''}
          onChange={(event) => form.set(path, event.target.value)}
          disabled={form.saving}
          className={cn(compactInput, 'resize-y', className)}
        />
      )}
    </FormField>
  );
}

interface NumberProps extends BoundProps {
  /** An empty input means null ("same as the package", "no year") instead of a missing number. */
  nullable?: boolean;
  placeholder?: string;
  className?: string;
  min?: number;
  max?: number;
  /** Shown before the input ("$"). */
  prefix?: string;
  /** Another id than the path's, when a chooser of the same path (a select) already has that one. */
  id?: string;
}

/** A whole number; an empty or unreadable input is kept as NaN so the schema names the problem. */
export function NumberInput({ form, path, label, hint, nullable, placeholder, className, min, max, prefix, id }: NumberProps) {
  const value = form.value<number | null>(path);
  const shown = value === null || value === undefined || Number.isNaN(value) ? '' : String(value);
  const input = (control: object) => (
    <input
      {...control}
      type="number"
      inputMode="numeric"
      step={1}
      min={min}
      max={max}
      placeholder={placeholder}
      value={shown}
      onChange={(event) => {
        const text = event.target.value.trim();
        form.set(path, text === '' ? (nullable ? null : Number.NaN) : Number(text));
      }}
      disabled={form.saving}
      className={cn(compactInput, prefix && 'pl-8', 'tabular-nums')}
    />
  );
  return (
    <div className={className}>
      <FormField id={id ?? form.id(path)} label={label} error={form.error(path)} hint={hint}>
        {(control) =>
          prefix ? (
            <div className="relative">
              <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3.5 grid place-items-center text-fg-muted">
                {prefix}
              </span>
              {input(control)}
            </div>
          ) : (
            input(control)
          )
        }
      </FormField>
    </div>
  );
}

/** A labelled checkbox whose whole row is the touch target. */
export function CheckboxInput({ form, path, label, hint }: BoundProps) {
  const id = form.id(path);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-fg">
        <input
          id={id}
          type="checkbox"
          checked={form.value<boolean>(path) === true}
          onChange={(event) => form.set(path, event.target.checked)}
          disabled={form.saving}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="size-5 shrink-0 accent-[var(--color-accent)]"
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A group of related inputs with its legend. */
export function FieldGroup({
  legend,
  description,
  children,
  className,
}: {
  legend: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={cn('grid min-w-0 gap-5 rounded-xl border border-line bg-surface p-4 sm:p-5', className)}>
      <legend className="px-1 text-base font-semibold text-fg">{legend}</legend>
      {description ? <p className="-mt-2 text-sm text-fg-muted">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/** A message about a whole group or list ("At most 12 profiles"), read out when it appears. */
export function GroupError({ form, path }: { form: SectionForm; path: string }) {
  const message = form.error(path);
  return message ? (
    <p id={`${form.id(path)}-error`} role="alert" className="text-sm font-medium text-red-400">
      {message}
    </p>
  ) : null;
}
