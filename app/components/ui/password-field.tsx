import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { cn } from '#app/lib/cn.ts';
import { FormField, inputClasses } from './form-field.tsx';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  label: string;
  error?: string;
  /** Another element that describes the input (a strength meter), read after the error. */
  describedBy?: string;
}

/** A password input with a show/hide toggle; the toggle keeps its own label in sync for screen readers. */
export function PasswordField({ id, label, error, describedBy, className, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            aria-describedby={[control['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
            type={visible ? 'text' : 'password'}
            className={cn(inputClasses, 'pr-12', className)}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            aria-controls={id}
            className={cn(
              'absolute inset-y-1 right-1 grid w-10 place-items-center rounded-md text-fg-muted hover:text-fg',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
            )}
          >
            {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
          </button>
        </div>
      )}
    </FormField>
  );
}
