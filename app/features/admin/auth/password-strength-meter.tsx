import type { PasswordStrength } from '#common/password-strength.ts';
import { cn } from '#app/lib/cn.ts';

// Bars and words both change with the score; the colour is never the only sign of it.
const FILLED = ['bg-red-400', 'bg-red-400', 'bg-yellow-300', 'bg-green-400', 'bg-green-400'] as const;
const WORD = ['text-red-300', 'text-red-300', 'text-yellow-200', 'text-green-300', 'text-green-300'] as const;

interface MeterProps {
  id: string;
  strength: PasswordStrength | null;
  showReason: boolean;
}

/**
 * Five bars and a line of words ("Password strength: Too weak. This is one of the most common
 * passwords. Add a few more words."). The line is a polite live region, present from the start so
 * that screen readers announce each new judgement without taking the focus off the field.
 */
export function PasswordStrengthMeter({ id, strength, showReason }: MeterProps) {
  const filled = strength ? strength.score + 1 : 0;
  return (
    <div className="-mt-3 grid gap-1.5">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength?.score ?? 0}
        aria-valuetext={strength?.label ?? 'Not rated yet'}
        className="grid grid-cols-5 gap-1"
      >
        {[0, 1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            data-filled={bar < filled ? '' : undefined}
            className={cn('h-1.5 rounded-full', bar < filled && strength ? FILLED[strength.score] : 'bg-line-strong')}
          />
        ))}
      </div>
      <p id={id} aria-live="polite" className="min-h-5 text-sm text-fg-muted">
        {strength ? (
          <>
            Password strength: <span className={cn('font-medium', WORD[strength.score])}>{strength.label}</span>.
            {showReason && strength.reason ? ` ${strength.reason}` : null}
          </>
        ) : null}
      </p>
    </div>
  );
}
