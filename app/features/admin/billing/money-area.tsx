import { AlarmClock, CircleDollarSign, Download, Loader2, ReceiptText, ShieldAlert, Undo2, Wallet } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#common/billing/money.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { revealDashboardTabs } from '#app/features/admin/dashboard/reveal-tabs.ts';
import { cn } from '#app/lib/cn.ts';
import { InvoiceItem } from './invoice-item.tsx';
import { MONEY_FILTER_LABELS, MONEY_FILTERS, useMoney, type MoneyFilter } from './use-money.ts';

const linkClasses = cn(
  'rounded font-medium text-accent underline-offset-4 hover:underline',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
);

interface FigureProps {
  label: string;
  cents: number | undefined;
  currency: string;
  icon: ReactNode;
  /** A line under the amount: how many, or what it means. */
  note?: string;
}

function Figure({ label, cents, currency, icon, note }: FigureProps) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-fg-muted">{label}</p>
        <p className="mt-1 text-2xl font-bold tabular-nums text-fg sm:text-3xl">
          {cents === undefined ? '–' : formatMoney(cents, currency)}
        </p>
        {note ? <p className="mt-1 text-xs text-fg-subtle">{note}</p> : null}
      </div>
      <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft text-accent max-sm:hidden">
        {icon}
      </span>
    </div>
  );
}

const disputeNote = (count: number) =>
  count === 0 ? 'No dispute is open' : `${count} open: the masters wait until ${count === 1 ? 'it is' : 'they are'} won`;

/** /manage/money: what clients owe and paid, every invoice with its payments, and the accountant's CSV. */
export function MoneyArea() {
  const { summary, invoices, error, filter, setFilter } = useMoney();
  const currency = summary?.currency ?? 'USD';
  const loaded = summary !== null;
  // Opened at its address (a link, the tab): in view once there is something to see, as the Projects list.
  useEffect(() => {
    if (loaded) revealDashboardTabs();
  }, [loaded]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <h2 className="sr-only">Money</h2>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3 sm:gap-4">
        <Figure label="Outstanding" cents={summary?.outstandingCents} currency={currency} icon={<Wallet className="size-5" />} />
        <Figure label="Overdue" cents={summary?.overdueCents} currency={currency} icon={<AlarmClock className="size-5" />} />
        <Figure
          label="Due this week"
          cents={summary?.dueThisWeekCents}
          currency={currency}
          icon={<ReceiptText className="size-5" />}
          note="Sent invoices falling due in the next 7 days"
        />
        <Figure
          label="Paid this month"
          cents={summary?.paidThisMonthCents}
          currency={currency}
          icon={<CircleDollarSign className="size-5" />}
        />
        {/* Refunds and disputes in their own figures: none of it is outstanding (decision 104). */}
        <Figure
          label="Refunded this month"
          cents={summary?.refundedThisMonthCents}
          currency={currency}
          icon={<Undo2 className="size-5" />}
        />
        <Figure
          label="Held by open disputes"
          cents={summary?.openDisputes.cents}
          currency={currency}
          icon={<ShieldAlert className="size-5" />}
          note={summary ? disputeNote(summary.openDisputes.count) : undefined}
        />
        <Figure
          label="Lost to disputes"
          cents={summary?.lostDisputesCents}
          currency={currency}
          icon={<ShieldAlert className="size-5" />}
          note="The masters of these projects stay locked"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <label htmlFor="money-filter" className="text-sm text-fg-muted">
            Show
          </label>
          {/* The input look is full width; the box gives the select its own. */}
          <div className="w-44">
            <select
              id="money-filter"
              value={filter}
              onChange={(event) => setFilter(event.target.value as MoneyFilter)}
              className={cn(inputClasses, 'py-2.5 pr-8')}
            >
              {MONEY_FILTERS.map((item) => (
                <option key={item} value={item}>
                  {MONEY_FILTER_LABELS[item]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <a href="/api/admin/invoices/export" download className={buttonClasses('secondary', 'sm')}>
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </div>
      {invoices === null ? (
        error ? (
          <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface/50 px-6 py-8 text-center text-red-200">
            Unable to load the invoices. {error}
          </p>
        ) : (
          <div role="status" className="flex justify-center py-12">
            <Loader2 aria-hidden className="size-8 animate-spin text-accent motion-reduce:animate-none" />
            <span className="sr-only">Loading the invoices...</span>
          </div>
        )
      ) : invoices.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-line-strong px-6 py-12 text-center">
          <ReceiptText aria-hidden className="size-6 text-fg-subtle" />
          <p className="text-fg-muted">
            {filter === 'all'
              ? 'No invoices yet. Make them from a project’s page.'
              : `No invoices here: ${MONEY_FILTER_LABELS[filter].toLowerCase()}.`}
          </p>
        </div>
      ) : (
        <ul aria-label="Invoices" className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-2">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="grid">
              <InvoiceItem
                invoice={invoice}
                level={3}
                numberOf={(id) => invoices.find((other) => other.id === id)?.number}
                heading={
                  <p className="text-sm text-fg-muted">
                    <Link to={`/manage/projects/${invoice.projectId}`} className={linkClasses}>
                      {invoice.projectTitle || `Project ${invoice.projectId}`}
                    </Link>
                    {invoice.clientName ? <> · {invoice.clientName}</> : null}
                  </p>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
