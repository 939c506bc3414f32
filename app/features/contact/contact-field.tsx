import type { ReactNode } from 'react';
import { cn } from '#app/lib/cn.ts';

export const contactInputClasses = cn(
  'block w-full rounded-lg border border-line-strong bg-ink px-4 py-3 text-base text-fg placeholder:text-fg-subtle',
  'transition-colors hover:border-fg-subtle focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
  'aria-invalid:border-red-400 disabled:opacity-60',
);

/** A label, its control and the control's error, wired together for screen readers. */
export function ContactField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {hint && !error ? (
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

/** The ids a control's aria-describedby should list: its error, else its hint. */
export function describedBy(id: string, error: string | undefined, hasHint = false): string | undefined {
  if (error) return `${id}-error`;
  return hasHint ? `${id}-hint` : undefined;
}
