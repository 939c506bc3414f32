import { useState } from 'react';
import { formatMoney } from '#common/billing/money.ts';

interface Props {
  locked: boolean;
  /** What the project's sent invoices still owe. */
  amountDueCents: number;
  currency: string;
  onChange: (locked: boolean) => Promise<void>;
}

/** The project's delivery lock and, in one line, what the client meets in the portal right now. */
export function DeliveryLock({ locked, amountDueCents, currency, onChange }: Props) {
  // The switch moves at once; the project's answer then confirms it (or, refused, puts it back).
  const [asked, setAsked] = useState<boolean | null>(null);
  const pending = asked !== null;
  const now =
    locked && amountDueCents > 0
      ? `Locked now: the client hears the masters but downloads them once ${formatMoney(amountDueCents, currency)} is paid.`
      : locked
        ? 'Open now: nothing sent is unpaid. Downloads lock while a sent invoice has a balance.'
        : amountDueCents > 0
          ? `Open now, although ${formatMoney(amountDueCents, currency)} is due: you unlocked them by hand.`
          : 'Open now: the client downloads the masters whether or not they paid.';
  return (
    <div className="grid gap-1 rounded-lg border border-line bg-ink/40 px-4 py-3">
      <label htmlFor="delivery-locked" className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-fg">
        <input
          id="delivery-locked"
          type="checkbox"
          role="switch"
          checked={asked ?? locked}
          disabled={pending}
          aria-describedby="delivery-locked-now"
          onChange={async (event) => {
            setAsked(event.target.checked);
            await onChange(event.target.checked);
            setAsked(null);
          }}
          className="size-5 shrink-0 accent-[var(--color-accent)]"
        />
        Deliveries wait for payment
      </label>
      <p id="delivery-locked-now" aria-live="polite" className="text-sm text-fg-muted">
        {now}
      </p>
    </div>
  );
}
