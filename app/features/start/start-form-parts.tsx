import { CheckCircle2, CircleAlert } from 'lucide-react';
import { formatMoney } from '#common/billing/money.ts';
import type { ProjectRequestAnswer } from '#common/project-requests.ts';
import type { ProposalQuote } from '#common/proposal-quote.ts';
import { packageExtraKey, type PackageExtra } from '#common/site-content/packages.ts';

// The start page's parts (start-form.tsx): the sums, the answer of a request, a refusal.

/** The lines, the total and, where the plan asks for one, the deposit paid on signing. */
export function StartSums({ quote, currency, instant }: { quote: ProposalQuote; currency: string; instant: boolean }) {
  const money = (cents: number) => formatMoney(cents, currency);
  const deposit = quote.parts.find((part) => part.kind === 'deposit' || (part.kind === 'full' && quote.parts.length === 1));
  return (
    <section aria-labelledby="start-sums-title" className="rounded-xl border border-line bg-ink/40 p-4 sm:p-5">
      <h3 id="start-sums-title" className="text-sm font-semibold uppercase tracking-wide text-fg-muted">
        Your total
      </h3>
      <dl className="mt-3 grid gap-2 text-sm">
        {quote.lines.map((entry) => (
          <div key={entry.label} className="flex justify-between gap-4">
            <dt className="text-fg-muted">{entry.label}</dt>
            <dd className="text-fg tabular-nums">{money(entry.amountCents)}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
          <dt className="text-fg">Total</dt>
          <dd className="text-fg tabular-nums" data-testid="start-total" aria-live="polite">
            {money(quote.totalCents)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-fg-muted">
        {instant
          ? deposit && deposit.kind === 'deposit'
            ? `Next you read the agreement, sign, and pay the deposit of ${money(deposit.totalCents)}; the balance comes before delivery.`
            : 'Next you read the agreement and sign; you will see how and when to pay.'
          : 'We review your request and send you a proposal with these sums to read, sign and pay. Nothing is charged now.'}
      </p>
    </section>
  );
}

export function RequestedNotice({ answer }: { answer: Extract<ProjectRequestAnswer, { kind: 'requested' }> }) {
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-success/40 bg-success/10 p-5 text-fg" data-testid="start-requested">
      <CheckCircle2 aria-hidden className="mt-0.5 size-6 shrink-0 text-success" />
      <div>
        <h3 className="text-lg font-semibold">We&apos;ll send you a proposal</h3>
        <p className="mt-1 text-fg-muted">{answer.message}</p>
        <p className="mt-2 text-sm text-fg-muted">Estimated total: {formatMoney(answer.totalCents, answer.currency)}.</p>
      </div>
    </div>
  );
}

export function RefusedNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-red-400/50 bg-danger-surface/60 p-4 text-fg">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-400" />
      <div>
        <p className="font-semibold">Your request was not sent</p>
        <p className="mt-1 text-sm text-fg-muted">{message}</p>
      </div>
    </div>
  );
}

/** The package's extras as checkboxes (named by their keys, so a form without JavaScript sends them the same way). */
export function ExtrasChoice({
  id,
  extras,
  currency,
  chosen,
  onChange,
  error,
}: {
  id: string;
  extras: PackageExtra[];
  currency: string;
  chosen: string[];
  onChange: (keys: string[]) => void;
  error: string | undefined;
}) {
  if (extras.length === 0) return null;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-fg">Extras</legend>
      {extras.map((extra) => {
        const key = packageExtraKey(extra.label);
        return (
          <label key={key} className="flex min-h-11 cursor-pointer items-center gap-3 text-fg">
            <input
              type="checkbox"
              name="extras"
              value={key}
              checked={chosen.includes(key)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, key] : chosen.filter((other) => other !== key))}
              className="size-5 shrink-0 accent-[var(--color-accent)]"
            />
            <span className="flex-1">{extra.label}</span>
            <span className="text-fg-muted">+{formatMoney(extra.price * 100, currency)}</span>
          </label>
        );
      })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
