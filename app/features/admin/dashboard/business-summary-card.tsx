import { ChevronRight, FileSignature, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#common/billing/money.ts';
import type { ProposalState } from '#common/proposals.ts';
import { roleMay } from '#common/staff-roles.ts';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import type { MoneySummary } from '#app/features/admin/billing/use-money.ts';

type ProposalCounts = Record<ProposalState, number>;

const cardClasses = cn(
  'flex min-w-0 items-center gap-4 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-accent/60 sm:p-5',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
);

/**
 * The dashboard's business line, for the roles that work on money: where the proposals stand (out
 * with the client, opened, accepted, lapsed) and what is due this week, each opening its area.
 * Counted by the server (GET /api/admin/proposals/summary, GET /api/admin/invoices/summary).
 */
export function BusinessSummaryCard({ role }: { role: string | null }) {
  const seesProposals = roleMay(role ?? undefined, 'proposals');
  const seesMoney = roleMay(role ?? undefined, 'money');
  const [proposals, setProposals] = useState<ProposalCounts | null>(null);
  const [money, setMoney] = useState<MoneySummary | null>(null);
  useEffect(() => {
    if (seesProposals)
      void api<ProposalCounts>('GET', '/api/admin/proposals/summary').then((answer) => answer.ok && setProposals(answer.data));
    if (seesMoney) void api<MoneySummary>('GET', '/api/admin/invoices/summary').then((answer) => answer.ok && setMoney(answer.data));
  }, [seesProposals, seesMoney]);
  if (!seesProposals && !seesMoney) return null;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      {seesProposals ? (
        <Link to="/manage/proposals" className={cardClasses}>
          <span className="sr-only">Proposals:</span>
          <FileSignature aria-hidden className="size-5 shrink-0 text-accent max-sm:hidden" />
          <span className="grid min-w-0 flex-1 grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label="Proposals out" value={proposals ? proposals.sent + proposals.viewed : null} />
            <Figure label="Opened" value={proposals?.viewed ?? null} />
            <Figure label="Accepted" value={proposals?.accepted ?? null} />
            <Figure label="Expired" value={proposals?.expired ?? null} />
          </span>
          <ChevronRight aria-hidden className="size-4 shrink-0 text-accent" />
        </Link>
      ) : null}
      {seesMoney ? (
        <Link to="/manage/money" className={cardClasses}>
          <Wallet aria-hidden className="size-5 shrink-0 text-accent max-sm:hidden" />
          <span className="min-w-0 flex-1">
            <Figure label="Money due this week" value={money ? formatMoney(money.dueThisWeekCents, money.currency) : null} />
          </span>
          <ChevronRight aria-hidden className="size-4 shrink-0 text-accent" />
        </Link>
      ) : null}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number | string | null }) {
  return (
    <span className="min-w-0">
      <span className="block text-sm font-medium text-fg-muted">{label}</span>
      <span className="mt-1 block truncate text-2xl font-bold tabular-nums text-fg">{value ?? '–'}</span>
    </span>
  );
}
