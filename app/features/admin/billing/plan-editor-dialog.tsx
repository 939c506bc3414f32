import { useState, type FormEvent } from 'react';
import { depositSplit, formatMoney } from '#common/billing/money.ts';
import { paymentPlanSchema, type DueRule, type PaymentPlanInput, type PlanAnswer } from '#common/billing/payment-plan.ts';
import { firstErrors, validate } from '#common/validation.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { FormField, inputClasses, TextField } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import type { Refusal } from './use-project-invoices.ts';

type RuleName = DueRule['rule'];
const DEPOSIT_RULES: Array<[RuleName, string]> = [
  ['at_start', 'When the work starts'],
  ['on_date', 'On a date'],
];
const BALANCE_RULES: Array<[RuleName, string]> = [
  ['before_delivery', 'Before the masters are delivered'],
  ['on_date', 'On a date (holds the masters until paid)'],
  ['days_after_delivery', 'Some days after delivery (the masters do not wait)'],
];

/** The rule as typed: a date or a number of days stays text until it is sent. */
interface RuleDraft {
  rule: RuleName;
  date: string;
  days: string;
}
const draftOf = (due: DueRule | undefined, fallback: RuleName): RuleDraft => ({
  rule: due?.rule ?? fallback,
  date: due?.rule === 'on_date' ? due.date : '',
  days: due?.rule === 'days_after_delivery' ? String(due.days) : '14',
});
const ruleOf = (draft: RuleDraft): DueRule =>
  draft.rule === 'on_date'
    ? { rule: 'on_date', date: draft.date }
    : draft.rule === 'days_after_delivery'
      ? { rule: 'days_after_delivery', days: /^\d+$/.test(draft.days) ? Number(draft.days) : Number.NaN }
      : { rule: draft.rule };

function RuleFields({
  id,
  label,
  rules,
  draft,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  rules: Array<[RuleName, string]>;
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  error?: string;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={id} label={label} error={draft.rule === 'at_start' || draft.rule === 'before_delivery' ? error : undefined}>
        {(control) => (
          <select
            {...control}
            value={draft.rule}
            disabled={disabled}
            onChange={(event) => onChange({ ...draft, rule: event.target.value as RuleName })}
            className={inputClasses}
          >
            {rules.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {draft.rule === 'on_date' ? (
        <TextField
          id={`${id}-date`}
          label="Due on"
          type="date"
          value={draft.date}
          error={error}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, date: event.target.value })}
        />
      ) : draft.rule === 'days_after_delivery' ? (
        <TextField
          id={`${id}-days`}
          label="Days after delivery"
          inputMode="numeric"
          value={draft.days}
          error={error}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, days: event.target.value })}
          className="tabular-nums"
        />
      ) : null}
    </div>
  );
}

/** The owner sets or changes a project's plan: the deposit's share, when each part is due, whether uploads wait for the deposit. */
export function PlanEditorDialog({
  answer,
  onClose,
  onSave,
}: {
  answer: PlanAnswer;
  onClose: () => void;
  onSave: (input: PaymentPlanInput) => Promise<Refusal>;
}) {
  const { plan } = answer;
  const [percent, setPercent] = useState(String(plan?.depositPercent ?? answer.defaultDepositPercent));
  const split = plan?.parts.length === 2;
  const [deposit, setDeposit] = useState(
    draftOf(split || plan?.parts[0]?.due.rule === 'at_start' ? plan?.parts[0]?.due : undefined, 'at_start'),
  );
  const [balance, setBalance] = useState(
    draftOf(split ? plan?.parts[1]?.due : plan?.parts[0]?.due.rule !== 'at_start' ? plan?.parts[0]?.due : undefined, 'before_delivery'),
  );
  const [gate, setGate] = useState(plan?.depositGatesUploads ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const share = /^\d{1,3}$/.test(percent.trim()) ? Number(percent) : Number.NaN;
  const money = (cents: number) => formatMoney(cents, answer.currency);
  const parts = answer.priceCents !== null && share >= 0 && share <= 100 ? depositSplit(answer.priceCents, share) : null;

  const price = answer.priceCents === null ? 'nothing yet' : money(answer.priceCents);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      depositPercent: share,
      depositDue: ruleOf(deposit),
      balanceDue: ruleOf(balance),
      depositGatesUploads: share > 0 && gate,
    };
    const checked = validate(paymentPlanSchema, input);
    if (!checked.success) return setErrors(firstErrors(checked.errors));
    setPending(true);
    const refused = await onSave(input);
    setPending(false);
    if (!refused) return onClose();
    setErrors({ depositPercent: refused.serverMessage ?? refused.message, ...firstErrors(refused.errors) });
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={plan ? 'Change the payment plan' : 'Set the payment plan'}
      description={`From the agreed price of ${price}. Parts due before delivery hold the masters until paid.`}
      size="lg"
      onSubmit={submit}
      pending={pending}
      submitLabel="Save plan"
      pendingLabel="Saving..."
    >
      <TextField
        id="plan-percent"
        label="Deposit (%)"
        value={percent}
        error={errors.depositPercent}
        hint="0 or 100: one payment in full."
        inputMode="numeric"
        disabled={pending}
        onChange={(event) => setPercent(event.target.value)}
        className="tabular-nums sm:max-w-32"
      />
      <p aria-live="polite" className="rounded-lg bg-ink px-4 py-3 text-sm text-fg-muted">
        {parts === null
          ? 'Enter a whole percent from 0 to 100.'
          : parts.depositCents === 0 || parts.balanceCents === 0
            ? `One payment of ${money(answer.priceCents!)}.`
            : `A deposit of ${money(parts.depositCents)} and a balance of ${money(parts.balanceCents)}.`}
      </p>
      {share > 0 ? (
        <RuleFields
          id="plan-deposit-due"
          label={share === 100 ? 'Paid in full' : 'Deposit due'}
          rules={DEPOSIT_RULES}
          draft={deposit}
          onChange={setDeposit}
          error={errors.depositDue}
          disabled={pending}
        />
      ) : null}
      {share < 100 ? (
        <RuleFields
          id="plan-balance-due"
          label={share === 0 ? 'Paid in full' : 'Balance due'}
          rules={BALANCE_RULES}
          draft={balance}
          onChange={setBalance}
          error={errors.balanceDue}
          disabled={pending}
        />
      ) : null}
      {share > 0 ? (
        <label className={cn('flex items-start gap-3 text-sm text-fg', pending && 'opacity-60')}>
          <input
            type="checkbox"
            checked={gate}
            disabled={pending}
            onChange={(event) => setGate(event.target.checked)}
            className="mt-0.5 size-4 accent-accent"
          />
          <span>
            The work waits for the deposit
            <span className="block text-xs text-fg-subtle">The client&apos;s uploads open once it is paid; the portal tells them why.</span>
          </span>
        </label>
      ) : null}
    </FormDialog>
  );
}
