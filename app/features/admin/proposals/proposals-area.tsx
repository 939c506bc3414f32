import { FilePlus2, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { revealDashboardTabs } from '#app/features/admin/dashboard/reveal-tabs.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { formatMoney } from '#common/billing/money.ts';
import { PROPOSAL_STATE_LABELS, type ProposalListItem, type ProposalTemplateView } from '#common/proposals.ts';
import { type PricedPackage } from '#common/proposal-quote.ts';
import { ProposalEditor } from './proposal-editor.tsx';

interface Props {
  /** The address's `:id`: none for the list, `new`, or a proposal's id. */
  proposalParam: string | undefined;
  packages: PricedPackage[];
  currency: string;
  defaultDepositPercent: number;
}

const ROW_CLASSES =
  'grid gap-1 rounded-xl border border-line bg-surface p-4 hover:border-line-strong focus-visible:outline-none focus-visible:ring-2 ' +
  'focus-visible:ring-accent sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center sm:gap-4';

const idOf = (search: URLSearchParams, key: string) => {
  const value = Number(search.get(key));
  return Number.isInteger(value) && value > 0 ? value : null;
};

/** /manage/proposals: every proposal with where it stands, the templates, and the editor of one. */
export function ProposalsArea({ proposalParam, packages, currency, defaultDepositPercent }: Props) {
  const location = useLocation();
  const [proposals, setProposals] = useState<ProposalListItem[] | null>(null);
  const [templates, setTemplates] = useState<ProposalTemplateView[]>([]);
  const [counts, setCounts] = useState<Record<'sent' | 'viewed' | 'accepted' | 'expired', number> | null>(null);
  const loadTemplates = useCallback(() => {
    void api<ProposalTemplateView[]>('GET', '/api/admin/proposal-templates').then((answer) => answer.ok && setTemplates(answer.data));
  }, []);
  useEffect(() => {
    loadTemplates();
    if (proposalParam !== undefined) return;
    void api<Record<'sent' | 'viewed' | 'accepted' | 'expired', number>>('GET', '/api/admin/proposals/summary').then(
      (answer) => answer.ok && setCounts(answer.data),
    );
    void api<ProposalListItem[]>('GET', '/api/admin/proposals').then((answer) => {
      setProposals(answer.ok ? answer.data : []);
      revealDashboardTabs();
    });
  }, [proposalParam, loadTemplates]);

  if (proposalParam !== undefined) {
    const search = new URLSearchParams(location.search);
    return (
      <ProposalEditor
        key={proposalParam}
        id={proposalParam}
        packages={packages}
        currency={currency}
        defaultDepositPercent={defaultDepositPercent}
        templates={templates}
        onTemplatesChanged={loadTemplates}
        from={{ booking: idOf(search, 'booking'), enquiry: idOf(search, 'enquiry'), project: idOf(search, 'project') }}
      />
    );
  }

  async function removeTemplate(template: ProposalTemplateView) {
    if (!window.confirm(`Delete the template “${template.name}”? Proposals made from it stay as they are.`)) return;
    const answer = await api('DELETE', `/api/admin/proposal-templates/${template.id}`);
    if (answer.ok) loadTemplates();
    else toast({ title: answer.serverMessage ?? 'The template could not be deleted', variant: 'destructive' });
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold text-fg">Proposals</h2>
        <Link to="/manage/proposals/new" className={buttonClasses('primary')}>
          <FilePlus2 aria-hidden className="size-4" /> New proposal
        </Link>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Where the proposals stand">
        {(['sent', 'viewed', 'accepted', 'expired'] as const).map((state) => (
          <div key={state} className="rounded-xl border border-line bg-surface p-4">
            <dt className="text-sm font-medium text-fg-muted">{state === 'sent' ? 'Sent, not opened' : PROPOSAL_STATE_LABELS[state]}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-fg">{counts ? counts[state] : '–'}</dd>
          </div>
        ))}
      </dl>
      {proposals === null ? (
        <p className="text-fg-muted">Loading…</p>
      ) : proposals.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface p-6 text-fg-muted">
          No proposal yet. Start one here, or from a booking or an enquiry: the client reads it, signs it and pays the deposit in one visit.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Proposals">
          {proposals.map((proposal) => (
            <li key={proposal.id}>
              <Link to={`/manage/proposals/${proposal.id}`} className={ROW_CLASSES}>
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-fg">{proposal.title}</span>
                  <span className="block truncate text-sm text-fg-muted">
                    {proposal.clientName} · {proposal.clientEmail}
                  </span>
                </span>
                <span className="text-sm text-fg-muted" data-state={proposal.state}>
                  {PROPOSAL_STATE_LABELS[proposal.state]}
                </span>
                <span className="font-medium tabular-nums text-fg">{formatMoney(proposal.totalCents, proposal.currency)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="proposal-templates" className="grid gap-3">
        <h3 id="proposal-templates" className="text-lg font-semibold text-fg">
          Templates
        </h3>
        {templates.length === 0 ? (
          <p className="text-sm text-fg-muted">
            Save a proposal as a template from its editor: the next one for that package takes a minute.
          </p>
        ) : (
          <ul className="grid gap-2">
            {templates.map((template) => (
              <li key={template.id} className="flex items-center justify-between gap-3 rounded-lg border border-line bg-surface px-4 py-2">
                <span className="text-fg">
                  {template.name}{' '}
                  <span className="text-sm text-fg-muted">
                    ({packages.find((pkg) => pkg.key === template.packageKey)?.name ?? template.packageKey}, {template.songs}{' '}
                    {template.songs === 1 ? 'song' : 'songs'})
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => void removeTemplate(template)}
                  className={buttonClasses('ghost', 'sm')}
                  aria-label={`Delete template ${template.name}`}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
