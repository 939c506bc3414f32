import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { isUnpaid, refundableCents, type InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import { Button, buttonClasses } from '#app/components/ui/button.tsx';
import { formatDay } from '#app/features/admin/projects/day-format.ts';
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS, isOverdue, todayUtc } from './invoice-labels.ts';
import { InvoiceStateBadge } from './invoice-state-badge.tsx';

export type InvoiceAction = 'edit' | 'send' | 'void' | 'pay' | 'refund' | 'relock' | 'unrelock';

/** How each kind of money row reads: a refund and a dispute are never a payment with a minus. */
const MOVED: Record<InvoiceView['payments'][number]['kind'], string> = {
  payment: 'Paid',
  refund: 'Refunded',
  dispute: 'Taken by a card dispute:',
  dispute_won: 'Back from a won dispute:',
};

const DISPUTE_WORDS: Record<InvoiceView['disputes'][number]['state'], string> = {
  open: 'open: the masters stay locked until it is won',
  won: 'won',
  lost: 'lost: the masters stay locked unless you unlock the project',
};

interface Props {
  invoice: InvoiceView;
  /** The invoices this one replaced or was replaced by, by id, to name them. */
  numberOf: (id: number) => string | undefined;
  /** Absent: the invoice is only shown (the Money view links to the project for changes). */
  onAction?: (action: InvoiceAction, invoice: InvoiceView) => void;
  /** Shown above the figures (the Money view names the project and client). */
  heading?: ReactNode;
  /** h4 inside a project page's card (h3), h3 in the Money view's list (under its h2): the outline skips no level. */
  level?: 3 | 4;
}

/** One invoice: number, kind and state, its figures, its payments, what happened to it, the PDF and what the owner may do next. */
export function InvoiceItem({ invoice, numberOf, onAction, heading, level = 4 }: Props) {
  const Title = level === 3 ? 'h3' : 'h4';
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const open = isUnpaid(invoice.state);
  const replacedBy = invoice.replacedByInvoiceId === null ? undefined : numberOf(invoice.replacedByInvoiceId);
  const replaces = invoice.replacesInvoiceId === null ? undefined : numberOf(invoice.replacesInvoiceId);
  const act = (action: InvoiceAction) => () => onAction?.(action, invoice);
  return (
    <article aria-labelledby={`invoice-${invoice.id}-title`} className="grid gap-3 rounded-lg border border-line bg-ink/40 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Title id={`invoice-${invoice.id}-title`} className="font-mono text-base font-semibold text-fg">
          {invoice.number}
        </Title>
        <span className="text-sm text-fg-muted">{INVOICE_KIND_LABELS[invoice.kind]}</span>
        <InvoiceStateBadge state={invoice.state} overdue={isOverdue(invoice, todayUtc())} dispute={disputeOf(invoice)} />
      </div>
      {heading}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Figure label="Total" value={money(invoice.totalCents)} />
        <Figure label="Paid" value={money(invoice.paidCents)} />
        {invoice.refundedCents > 0 ? <Figure label="Refunded" value={money(invoice.refundedCents)} /> : null}
        {invoice.disputedCents > 0 ? <Figure label="Held by a dispute" value={money(invoice.disputedCents)} /> : null}
        <Figure label="Due" value={invoice.state === 'void' || invoice.state === 'draft' ? '–' : money(invoice.amountDueCents)} />
        <Figure label="Due date" value={invoice.dueDate ? formatDay(invoice.dueDate) : 'None'} />
      </dl>
      {invoice.payments.length > 0 ? (
        <ul aria-label={`Payments of ${invoice.number}`} className="grid gap-1 text-sm text-fg-muted">
          {invoice.payments.map((payment) => (
            <li key={payment.id}>
              {MOVED[payment.kind]} <span className="tabular-nums text-fg">{money(Math.abs(payment.amountCents))}</span> by{' '}
              {PAYMENT_METHOD_LABELS[payment.method] ?? payment.method} on {formatDay(payment.paidOn)}
              {payment.reference ? <> · ref. {payment.reference}</> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {invoice.disputes.length > 0 ? (
        <ul aria-label={`Card disputes of ${invoice.number}`} className="grid gap-1 text-sm text-fg-muted">
          {invoice.disputes.map((dispute) => (
            <li key={dispute.id}>
              Card dispute of <span className="tabular-nums text-fg">{money(dispute.amountCents)}</span> since{' '}
              {formatDay(dispute.openedAt.slice(0, 10))}, {DISPUTE_WORDS[dispute.state]}
            </li>
          ))}
        </ul>
      ) : null}
      {invoice.refundedCents > 0 ? (
        <p className="text-sm text-fg-muted">
          {invoice.refundLocksDelivery
            ? 'You chose that this refund locks the delivered masters again.'
            : 'The delivered masters stay open to the client after this refund.'}
        </p>
      ) : null}
      {invoice.state === 'void' || replaces ? (
        <p className="text-sm text-fg-muted">
          {invoice.state === 'void' ? `Voided${invoice.voidReason ? `: ${invoice.voidReason}` : ''}.` : null}
          {replacedBy ? ` Replaced by ${replacedBy}.` : null}
          {replaces ? `Replaces ${replaces}.` : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <a
          href={`/api/admin/invoices/${invoice.id}.pdf`}
          target="_blank"
          rel="noopener"
          className={buttonClasses('secondary', 'sm')}
          aria-label={`PDF of ${invoice.number} (opens in a new tab)`}
        >
          <FileText aria-hidden className="size-4" />
          PDF
        </a>
        {onAction && invoice.state === 'draft' ? (
          <>
            <Button size="sm" onClick={act('send')} aria-label={`Send ${invoice.number}`}>
              Send
            </Button>
            <Button variant="secondary" size="sm" onClick={act('edit')} aria-label={`Edit ${invoice.number}`}>
              Edit
            </Button>
          </>
        ) : null}
        {onAction && open ? (
          <Button size="sm" onClick={act('pay')} aria-label={`Record a payment for ${invoice.number}`}>
            Record a payment
          </Button>
        ) : null}
        {onAction && refundableCents(invoice) > 0 ? (
          <Button variant="secondary" size="sm" onClick={act('refund')} aria-label={`Record a refund for ${invoice.number}`}>
            Record a refund
          </Button>
        ) : null}
        {onAction && invoice.refundedCents > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={act(invoice.refundLocksDelivery ? 'unrelock' : 'relock')}
            aria-label={`${invoice.refundLocksDelivery ? 'Open the masters again after' : 'Lock the masters after'} the refund of ${
              invoice.number
            }`}
          >
            {invoice.refundLocksDelivery ? 'Open the masters again' : 'Lock the masters again'}
          </Button>
        ) : null}
        {/* Money received is refunded before an invoice is voided (the server's rule), so no Void once anything is paid. */}
        {onAction && (invoice.state === 'draft' || invoice.state === 'sent') && invoice.paidCents === 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-300 hover:text-red-200"
            onClick={act('void')}
            aria-label={`Void ${invoice.number}`}
          >
            Void
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/** The invoice's dispute that matters most: an open one, else a lost one; a won one is history. */
function disputeOf(invoice: InvoiceView): 'open' | 'lost' | undefined {
  if (invoice.disputes.some((dispute) => dispute.state === 'open')) return 'open';
  return invoice.disputes.some((dispute) => dispute.state === 'lost') ? 'lost' : undefined;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-subtle">{label}</dt>
      <dd className="tabular-nums text-fg">{value}</dd>
    </div>
  );
}
