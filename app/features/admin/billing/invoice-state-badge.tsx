import type { InvoiceStateName } from '#common/billing/invoices.ts';
import { cn } from '#app/lib/cn.ts';
import { INVOICE_STATE_LABELS } from './invoice-labels.ts';

/** Draft grey, sent blue, partly paid yellow, paid green, refunded purple, void faint; overdue red over any open state. */
const TONES: Record<InvoiceStateName, string> = {
  draft: 'bg-fg-subtle/15 text-fg-muted ring-fg-subtle/40',
  sent: 'bg-blue-400/15 text-blue-300 ring-blue-400/40',
  partly_paid: 'bg-yellow-400/15 text-yellow-300 ring-yellow-400/40',
  paid: 'bg-green-400/15 text-green-300 ring-green-400/40',
  refunded: 'bg-purple-400/15 text-purple-300 ring-purple-400/40',
  void: 'bg-fg-subtle/10 text-fg-subtle ring-fg-subtle/30',
};

const PILL = 'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** `dispute`: a card dispute open (the masters wait for it) or lost, shown beside the state in its own pill. */
export function InvoiceStateBadge({
  state,
  overdue = false,
  dispute,
}: {
  state: InvoiceStateName;
  overdue?: boolean;
  dispute?: 'open' | 'lost';
}) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <span
        data-state={state}
        className={cn(
          'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
          TONES[state],
        )}
      >
        {INVOICE_STATE_LABELS[state]}
      </span>
      {overdue ? <span className={cn(PILL, 'bg-red-400/15 text-red-300 ring-red-400/40')}>Overdue</span> : null}
      {dispute ? (
        <span data-dispute={dispute} className={cn(PILL, 'bg-orange-400/15 text-orange-300 ring-orange-400/40')}>
          {dispute === 'open' ? 'Disputed' : 'Dispute lost'}
        </span>
      ) : null}
    </span>
  );
}
