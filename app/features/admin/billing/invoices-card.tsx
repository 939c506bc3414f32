import { Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { formatMoney } from '#common/billing/money.ts';
import type { AdminProjectView } from '#common/projects.ts';
import { Button } from '#app/components/ui/button.tsx';
import { SectionCard } from '#app/features/admin/projects/section-card.tsx';
import { DeliveryLock } from './delivery-lock.tsx';
import { InvoiceEditorDialog } from './invoice-editor-dialog.tsx';
import { InvoiceItem, type InvoiceAction } from './invoice-item.tsx';
import { PaymentDialog } from './payment-dialog.tsx';
import { PlanDialog } from './plan-dialog.tsx';
import { SendDialog } from './send-dialog.tsx';
import { useProjectInvoices } from './use-project-invoices.ts';
import { VoidDialog } from './void-dialog.tsx';

type Open = { kind: 'new' } | { kind: 'plan' } | { kind: InvoiceAction; invoice: InvoiceView } | null;

/** The card's line under its title: what the live invoices add up to, or how to begin. */
function describe(invoices: InvoiceView[], price: number | null, money: (cents: number) => string): string {
  const live = invoices.filter((invoice) => invoice.state !== 'void');
  const sum = (cents: (invoice: InvoiceView) => number) => money(live.reduce((total, invoice) => total + cents(invoice), 0));
  if (live.length > 0) return `${sum((invoice) => invoice.totalCents)} invoiced, ${sum((invoice) => invoice.paidCents)} paid.`;
  if (invoices.length > 0) return 'Every invoice is void.';
  return price
    ? 'No invoices yet: plan a deposit and a balance from the agreed price, or write one line by line.'
    : 'No invoices yet. Set the agreed price to plan a deposit and a balance, or write one line by line.';
}

interface Props {
  project: AdminProjectView;
  /** The project as the server answered a change to it (the lock) or after a payment. */
  onProject: (project: AdminProjectView) => void;
  /** An invoice changed (made, sent, paid, voided): the payment plan reads itself again. */
  onChanged?: () => void;
}

/** The project's invoices on its page: plan, write, send, void and reissue, record payments, and whether deliveries wait. */
export function InvoicesCard({ project, onProject, onChanged }: Props) {
  const state = useProjectInvoices(project, onProject, onChanged);
  const { invoices } = state;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const live = invoices?.filter((invoice) => invoice.state !== 'void') ?? [];
  const amountDueCents = live.reduce((sum, invoice) => sum + invoice.amountDueCents, 0);
  const currency = invoices?.[0]?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency);
  const numbers = new Map(invoices?.map((invoice) => [invoice.id, invoice.number]));
  // Planning twice would bill the price twice: it is offered while nothing but void invoices exist.
  const canPlan = invoices !== null && live.length === 0 && project.price !== null && project.price > 0;

  return (
    <SectionCard
      id="project-invoices"
      title="Invoices"
      description={invoices === null ? undefined : describe(invoices, project.price, money)}
      actions={
        <>
          {canPlan ? (
            <Button size="sm" onClick={() => setOpen({ kind: 'plan' })}>
              Plan deposit and balance
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => setOpen({ kind: 'new' })}>
            <Plus aria-hidden className="size-4" />
            New invoice
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {invoices === null ? (
          state.error ? (
            <p role="alert" className="text-sm text-red-300">
              Unable to load the invoices: {state.error}
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
              <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
              Loading the invoices...
            </p>
          )
        ) : (
          invoices.map((invoice) => (
            <InvoiceItem
              key={invoice.id}
              invoice={invoice}
              numberOf={(id) => numbers.get(id)}
              onAction={(kind, chosen) => {
                // The refund's lock is one click either way, no dialog: the answer is on the invoice and changes back as easily.
                if (kind === 'relock' || kind === 'unrelock') void state.setRefundLock(chosen, kind === 'relock');
                else setOpen({ kind, invoice: chosen });
              }}
            />
          ))
        )}
        <DeliveryLock
          locked={project.deliveryLocked}
          amountDueCents={amountDueCents}
          currency={currency}
          onChange={state.setDeliveryLock}
        />
      </div>
      {open?.kind === 'new' ? <InvoiceEditorDialog invoice={null} currency={currency} onClose={close} onSave={state.create} /> : null}
      {open?.kind === 'edit' ? (
        <InvoiceEditorDialog
          invoice={open.invoice}
          currency={open.invoice.currency}
          onClose={close}
          onSave={(draft) => state.update(open.invoice, draft)}
        />
      ) : null}
      {open?.kind === 'plan' && project.price ? <PlanDialog price={project.price} onClose={close} onPlan={state.plan} /> : null}
      {open?.kind === 'send' ? <SendDialog invoice={open.invoice} onClose={close} onSend={() => state.send(open.invoice)} /> : null}
      {open?.kind === 'void' ? (
        <VoidDialog invoice={open.invoice} onClose={close} onVoid={(body) => state.voidInvoice(open.invoice, body)} />
      ) : null}
      {open?.kind === 'pay' ? (
        <PaymentDialog invoice={open.invoice} onClose={close} onRecord={(body) => state.recordPayment(open.invoice, body)} />
      ) : null}
      {open?.kind === 'refund' ? (
        <PaymentDialog
          refund
          invoice={open.invoice}
          onClose={close}
          onRecord={({ relockDelivery = false, ...body }) => state.recordRefund(open.invoice, { ...body, relockDelivery })}
        />
      ) : null}
    </SectionCard>
  );
}
