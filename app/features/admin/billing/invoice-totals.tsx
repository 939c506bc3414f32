import { formatMoney, taxRateToPercent, type InvoiceAmounts } from '#common/billing/money.ts';

/** The totals as the owner types, in cents as the server works them out; null: the tax or discount cannot be read yet. */
export function InvoiceTotals({ totals, currency }: { totals: InvoiceAmounts | null; currency: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <dl
      aria-label="Totals"
      aria-live="polite"
      className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 rounded-lg bg-ink px-4 py-3 text-sm"
    >
      {totals ? (
        <>
          <dt className="text-fg-muted">Subtotal</dt>
          <dd className="text-right tabular-nums text-fg">{money(totals.subtotalCents)}</dd>
          {totals.discountCents > 0 ? (
            <>
              <dt className="text-fg-muted">Discount</dt>
              <dd className="text-right tabular-nums text-fg">−{money(totals.discountCents)}</dd>
            </>
          ) : null}
          {totals.taxCents > 0 ? (
            <>
              <dt className="text-fg-muted">Tax ({taxRateToPercent(totals.taxRate)} %)</dt>
              <dd className="text-right tabular-nums text-fg">{money(totals.taxCents)}</dd>
            </>
          ) : null}
          <dt className="border-t border-line pt-1 font-semibold text-fg">Total</dt>
          <dd className="border-t border-line pt-1 text-right font-semibold tabular-nums text-fg">{money(totals.totalCents)}</dd>
        </>
      ) : (
        <>
          <dt className="text-fg-muted">Total</dt>
          <dd className="text-right text-fg-muted">Check the discount and tax</dd>
        </>
      )}
    </dl>
  );
}
