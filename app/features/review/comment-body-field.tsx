import { forwardRef, type KeyboardEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '#common/review.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';

interface CommentBodyFieldProps {
  id: string;
  label: string;
  /** Shown to screen readers only when false. */
  showLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/⌘+Enter sends. */
  onSubmit: () => void;
  onFocus?: () => void;
  error: string | null;
  rows?: number;
  placeholder?: string;
}

/** A comment's text: plain words up to the limit, with a counter, and the server's answer when it refused. */
export const CommentBodyField = forwardRef<HTMLTextAreaElement, CommentBodyFieldProps>(function CommentBodyField(
  { id, label, showLabel = false, value, onChange, onSubmit, onFocus, error, rows = 3, placeholder },
  ref,
) {
  const left = COMMENT_MAX_LENGTH - value.length;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape') {
      // Back to the player's keys.
      event.currentTarget.blur();
    }
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium text-fg' : 'sr-only'}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        value={value}
        rows={rows}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={cn(inputClasses, 'min-h-20 resize-y py-2.5 text-sm')}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs">
        {error ? (
          <p id={`${id}-error`} role="alert" className="font-medium text-red-400">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p id={`${id}-count`} className={cn('ml-auto tabular-nums', left < 100 ? 'text-accent' : 'text-fg-subtle')}>
          {value.length} / {COMMENT_MAX_LENGTH}
        </p>
      </div>
    </div>
  );
});
