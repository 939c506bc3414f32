import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminInvoiceListItem, InvoiceStateName } from '#common/billing/invoices.ts';
import { api, type ApiResult } from '#app/lib/api.ts';

export type MoneyFilter = 'all' | 'overdue' | 'disputed' | InvoiceStateName;
export const MONEY_FILTERS: MoneyFilter[] = ['all', 'overdue', 'sent', 'partly_paid', 'paid', 'refunded', 'disputed', 'draft', 'void'];
export const MONEY_FILTER_LABELS: Record<MoneyFilter, string> = {
  all: 'All invoices',
  overdue: 'Overdue',
  sent: 'Sent',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  refunded: 'Refunded',
  disputed: 'Disputed',
  draft: 'Drafts',
  void: 'Void',
};

export interface MoneySummary {
  outstandingCents: number;
  overdueCents: number;
  dueThisWeekCents: number;
  paidThisMonthCents: number;
  refundedThisMonthCents: number;
  openDisputes: { count: number; cents: number };
  lostDisputesCents: number;
  currency: string;
}

export interface MoneyState {
  summary: MoneySummary | null;
  /** The invoices the filter shows; null while read. */
  invoices: AdminInvoiceListItem[] | null;
  error: string | null;
  filter: MoneyFilter;
  setFilter(filter: MoneyFilter): void;
}

/** The Money view's figures and invoices; the server filters by state (it alone judges "overdue"). */
export function useMoney(): MoneyState {
  const [summary, setSummary] = useState<MoneySummary | null>(null);
  const [invoices, setInvoices] = useState<AdminInvoiceListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilterState] = useState<MoneyFilter>('all');
  const asked = useRef(0);

  const take = useCallback((turn: number, result: ApiResult<AdminInvoiceListItem[]>) => {
    // Only the newest filter's answer is shown, however the answers arrive.
    if (turn !== asked.current) return;
    if (result.ok) {
      setInvoices(result.data);
      setError(null);
    } else setError(result.serverMessage ?? result.message);
  }, []);

  useEffect(() => {
    const turn = ++asked.current;
    void api<AdminInvoiceListItem[]>('GET', filter === 'all' ? '/api/admin/invoices' : `/api/admin/invoices?state=${filter}`).then(
      (result) => take(turn, result),
    );
    void api<MoneySummary>('GET', '/api/admin/invoices/summary').then((result) => {
      if (result.ok && turn === asked.current) setSummary(result.data);
    });
    return () => {
      asked.current += 1;
    };
  }, [filter, take]);

  const setFilter = useCallback((next: MoneyFilter) => {
    setInvoices(null);
    setFilterState(next);
  }, []);

  return { summary, invoices, error, filter, setFilter };
}
