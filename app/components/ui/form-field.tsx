import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '#app/lib/cn.ts';

/** The one look of a text input, select or textarea, public and admin alike. */
export const inputClasses = cn(
  'block w-full rounded-lg border border-line-strong bg-ink px-4 py-3 text-base text-fg placeholder:text-fg-subtle',
  'transition-colors hover:border-fg-subtle',
  'focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
  'aria-invalid:border-red-400 disabled:opacity-60',
);

/** What the control inside a FormField spreads onto itself, so the label, hint and error describe it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  /** Shown while there is no error; the error replaces it as the control's description. */
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, its control, a hint and the control's error, wired together for screen readers. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const showHint = Boolean(hint) && !error;
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : showHint ? `${id}-hint` : undefined,
  };
  return (
    // minmax(0, 1fr): a long value scrolls inside its control instead of widening the form.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children(control)}
      {showHint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
      {/* role=alert: the message is read out as soon as it appears, without moving focus. */}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A FormField holding a plain input; other input props go to the input. */
export function TextField({ id, label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <input {...control} className={cn(inputClasses, className)} {...input} />}
    </FormField>
  );
}
