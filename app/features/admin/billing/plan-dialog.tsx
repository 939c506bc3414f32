import { useEffect, useState, type FormEvent } from 'react';
import { invoicePlanSchema } from '#common/billing/invoices.ts';
import { depositSplit, formatMoney } from '#common/billing/money.ts';
import type { Billing } from '#common/site-content/billing.ts';
import type { AdminSiteContent } from '#common/site-content/drafts.ts';
import { firstErrors, validate } from '#common/validation.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import type { Refusal } from './use-project-invoices.ts';

interface Props {
  /** The project's agreed price in whole dollars. */
  price: number;
  onClose: () => void;
  onPlan: (depositPercent: number) => Promise<Refusal>;
}

/** The studio's Billing settings, read once per dialog (the owner may have changed them in Site since the dashboard opened). */
function useBillingSettings(): Billing | null {
  const [settings, setSettings] = useState<Billing | null>(null);
  useEffect(() => {
    let live = true;
    void api<AdminSiteContent>('GET', '/api/admin/site').then((result) => {
      if (live && result.ok) setSettings(result.data.billing);
    });
    return () => {
      live = false;
    };
  }, []);
  return settings;
}

/** The agreed price as a deposit and a balance (or one invoice at 0 %), both drafts to check before sending. */
export function PlanDialog({ price, onClose, onPlan }: Props) {
  const settings = useBillingSettings();
  const studioDefault = settings?.depositPercent ?? null;
  const [typed, setTyped] = useState<string | null>(null);
  const share = typed ?? (studioDefault === null ? '' : String(studioDefault));
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const percent = /^\d{1,3}$/.test(share.trim()) ? Number(share) : null;
  const split = percent !== null && percent <= 100 ? depositSplit(price * 100, percent) : null;
  const money = (cents: number) => formatMoney(cents, settings?.currency ?? 'USD');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(invoicePlanSchema, { depositPercent: percent ?? Number.NaN });
    if (!checked.success || percent === null)
      return setError(firstErrors(checked.success ? {} : checked.errors).depositPercent ?? 'Deposit must be 0 to 100 %');
    setPending(true);
    const refused = await onPlan(percent);
    setPending(false);
    if (!refused) return onClose();
    setError(firstErrors(refused.errors).depositPercent ?? refused.serverMessage ?? refused.message);
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Plan deposit and balance"
      description={`Drafts from the agreed price of ${money(price * 100)}: check them, then send.`}
      onSubmit={submit}
      pending={pending}
      submitLabel="Make drafts"
      pendingLabel="Making..."
    >
      <TextField
        id="plan-deposit-percent"
        label="Deposit (%)"
        value={share}
        onChange={(event) => setTyped(event.target.value)}
        error={error}
        hint="From your Billing settings; 0 or 100 makes one invoice for the full price."
        inputMode="numeric"
        disabled={pending}
        className="py-2.5 tabular-nums sm:max-w-32"
      />
      <p aria-live="polite" className="rounded-lg bg-ink px-4 py-3 text-sm text-fg-muted">
        {split === null
          ? 'Enter a whole percent from 0 to 100.'
          : split.depositCents === 0 || split.balanceCents === 0
            ? `One invoice of ${money(price * 100)}.`
            : `A deposit of ${money(split.depositCents)} and a balance of ${money(split.balanceCents)}.`}
      </p>
    </FormDialog>
  );
}
