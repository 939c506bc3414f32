import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvoiceView } from '#common/billing/invoices.ts';
import type { AdminProjectView } from '#common/projects.ts';
import { api, type ApiFailure, type ApiResult } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

/** A change the server refused (its message and field errors, for the dialog to show), or null once done. */
export type Refusal = ApiFailure | null;

export interface InvoiceDraft {
  lines: Array<{ description: string; amountCents: number }>;
  /** Left out of a new invoice: the studio's days to pay from today. Null: no due date. */
  dueDate?: string | null;
  taxPercent: number;
  discountCents: number;
  notes: string;
}

/** A payment or refund the owner records by hand. */
export interface ManualMoney {
  amountCents: number;
  method: string;
  reference?: string;
  paidOn?: string;
}

export interface ProjectInvoices {
  /** Null until read. */
  invoices: InvoiceView[] | null;
  error: string | null;
  create(draft: InvoiceDraft): Promise<Refusal>;
  update(invoice: InvoiceView, draft: InvoiceDraft): Promise<Refusal>;
  plan(depositPercent: number | undefined): Promise<Refusal>;
  send(invoice: InvoiceView): Promise<boolean>;
  voidInvoice(invoice: InvoiceView, body: { reason: string; reissue: boolean }): Promise<Refusal>;
  recordPayment(invoice: InvoiceView, body: ManualMoney): Promise<Refusal>;
  /** Money given back, with the owner's answer whether the masters lock again. */
  recordRefund(invoice: InvoiceView, body: ManualMoney & { relockDelivery: boolean }): Promise<Refusal>;
  /** The same answer later (a card refund from Stripe starts at no). */
  setRefundLock(invoice: InvoiceView, relockDelivery: boolean): Promise<Refusal>;
  setDeliveryLock(locked: boolean): Promise<void>;
}

/**
 * One project's invoices and every change the owner makes to them. Each change reads the list again
 * (a void may add a reissued draft, a payment may unlock the deliveries); a toast says what happened.
 */
export function useProjectInvoices(
  project: AdminProjectView,
  onProject: (project: AdminProjectView) => void,
  /** After any change: the payment plan reads itself again. */
  onChanged?: () => void,
): ProjectInvoices {
  const [invoices, setInvoices] = useState<InvoiceView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  const projectId = project.id;

  const url = `/api/admin/projects/${projectId}/invoices`;
  const apply = useCallback((result: ApiResult<InvoiceView[]>) => {
    if (!live.current) return;
    if (result.ok) {
      setInvoices(result.data);
      setError(null);
    } else setError(result.serverMessage ?? result.message);
  }, []);
  const reload = useCallback(async () => apply(await api<InvoiceView[]>('GET', url)), [apply, url]);

  useEffect(() => {
    live.current = true;
    void api<InvoiceView[]>('GET', url).then(apply);
    return () => {
      live.current = false;
    };
  }, [apply, url]);

  /** Runs a change; on success reloads and confirms, on failure hands the refusal back (and says so when it names no field). */
  const change = useCallback(
    async (run: () => Promise<{ ok: true } | ApiFailure>, done: string, failed: string): Promise<Refusal> => {
      const result = await run();
      if (!result.ok) {
        toast({ title: 'Error', description: result.serverMessage ?? failed, variant: 'destructive' });
        return result;
      }
      toast({ title: 'Success', description: done });
      await reload();
      onChanged?.();
      return null;
    },
    [reload, onChanged],
  );

  const create = useCallback(
    (draft: InvoiceDraft) =>
      change(() => api('POST', `/api/admin/projects/${projectId}/invoices`, draft), 'Draft invoice saved', 'Invoice not saved'),
    [change, projectId],
  );
  const update = useCallback(
    (invoice: InvoiceView, draft: InvoiceDraft) =>
      change(() => api('PATCH', `/api/admin/invoices/${invoice.id}`, draft), `${invoice.number} saved`, 'Invoice not saved'),
    [change],
  );
  const plan = useCallback(
    (depositPercent: number | undefined) =>
      change(
        () => api('POST', `/api/admin/projects/${projectId}/invoices/plan`, depositPercent === undefined ? {} : { depositPercent }),
        'Draft invoices made: check them, then send',
        'Invoices not planned',
      ),
    [change, projectId],
  );
  const send = useCallback(
    async (invoice: InvoiceView) =>
      (await change(
        () => api('POST', `/api/admin/invoices/${invoice.id}/send`),
        `${invoice.number} sent to the client`,
        'Invoice not sent',
      )) === null,
    [change],
  );
  const voidInvoice = useCallback(
    (invoice: InvoiceView, body: { reason: string; reissue: boolean }) =>
      change(
        () => api('POST', `/api/admin/invoices/${invoice.id}/void`, body),
        body.reissue ? `${invoice.number} voided; a new draft replaces it` : `${invoice.number} voided`,
        'Invoice not voided',
      ),
    [change],
  );
  /** Money moved: the deliveries may have opened or locked, and the project's own view says so. */
  const moneyChange = useCallback(
    async (call: () => Promise<{ ok: true } | ApiFailure>, done: string, failed: string) => {
      const refused = await change(call, done, failed);
      if (!refused) {
        const fresh = await api<AdminProjectView>('GET', `/api/admin/projects/${projectId}`);
        if (fresh.ok && live.current) onProject(fresh.data);
      }
      return refused;
    },
    [change, projectId, onProject],
  );
  const recordPayment = useCallback(
    (invoice: InvoiceView, body: ManualMoney) =>
      moneyChange(() => api('POST', `/api/admin/invoices/${invoice.id}/payments`, body), 'Payment recorded', 'Payment not recorded'),
    [moneyChange],
  );
  const recordRefund = useCallback(
    (invoice: InvoiceView, body: ManualMoney & { relockDelivery: boolean }) =>
      moneyChange(() => api('POST', `/api/admin/invoices/${invoice.id}/refunds`, body), 'Refund recorded', 'Refund not recorded'),
    [moneyChange],
  );
  const setRefundLock = useCallback(
    (invoice: InvoiceView, relockDelivery: boolean) =>
      moneyChange(
        () => api('PUT', `/api/admin/invoices/${invoice.id}/refund-lock`, { relockDelivery }),
        relockDelivery ? 'The refund locks the masters again' : 'The refund no longer locks the masters',
        'Not changed',
      ),
    [moneyChange],
  );
  const setDeliveryLock = useCallback(
    async (locked: boolean) => {
      const result = await api<AdminProjectView>('PATCH', `/api/admin/projects/${projectId}`, { deliveryLocked: locked });
      if (!result.ok) {
        toast({ title: 'Error', description: result.serverMessage ?? 'Delivery lock not changed', variant: 'destructive' });
        return;
      }
      if (live.current) onProject(result.data);
      toast({ title: 'Success', description: locked ? 'Deliveries wait for payment' : 'Deliveries are open to the client' });
    },
    [projectId, onProject],
  );

  return { invoices, error, create, update, plan, send, voidInvoice, recordPayment, recordRefund, setRefundLock, setDeliveryLock };
}
