import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { MarkdownView } from '#app/components/markdown-view.tsx';
import { formatMoney } from '#common/billing/money.ts';
import { parseMarkdown } from '#common/markdown.ts';
import type { ClientProposalView } from '#common/proposals.ts';

/*
 * The parts of the client's proposal page that need no script (decision 114): who it is from and
 * for, what each package offered includes, the extras, and the agreement as it will be signed.
 */

export function ProposalHeader({ proposal }: { proposal: ClientProposalView }) {
  return (
    <header className="grid gap-3">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">Proposal from {proposal.studioName}</p>
      <h1 className="text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">{proposal.title}</h1>
      <p className="text-fg-muted">
        For {proposal.clientName}
        {proposal.artistName ? ` (${proposal.artistName})` : ''}
        {proposal.expiresOn && proposal.state === 'open' ? ` · open until ${proposal.expiresOn}` : ''}
      </p>
      {proposal.message ? (
        <blockquote className="mt-2 rounded-xl border-l-4 border-accent bg-surface px-5 py-4 whitespace-pre-line text-fg">
          {proposal.message}
        </blockquote>
      ) : null}
    </header>
  );
}

export function ProposalIncluded({ proposal }: { proposal: ClientProposalView }) {
  const money = (cents: number) => formatMoney(cents, proposal.currency);
  const songs = proposal.songs === 1 ? '1 song' : `${proposal.songs} songs`;
  return (
    <section aria-labelledby="proposal-included" className="grid gap-4">
      <h2 id="proposal-included" className="text-xl font-semibold text-fg">
        What is included
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {proposal.packages.map((pkg) => {
          const facts = proposal.included[pkg.key];
          return (
            <article key={pkg.key} className="grid content-start gap-3 rounded-2xl border border-line bg-surface p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold text-fg">{pkg.name}</h3>
                <p className="text-sm text-fg-muted">
                  {money(pkg.price * 100)} × {songs}
                </p>
              </div>
              {pkg.key === (proposal.signature?.packageKey ?? proposal.packageKey) ? (
                <p className="text-xs font-medium text-accent">{proposal.signature ? 'Chosen' : 'In this proposal'}</p>
              ) : null}
              <ul className="grid gap-1.5 text-sm text-fg-muted">
                {[...(facts?.included ?? []), facts?.revisions, facts?.turnaround ?? null]
                  .filter((item): item is string => Boolean(item))
                  .map((item) => (
                    <li key={item} className="flex gap-2">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                      <span>{item}</span>
                    </li>
                  ))}
              </ul>
            </article>
          );
        })}
      </div>
      {proposal.extras.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-base font-semibold text-fg">Also included</h3>
          <ul className="grid gap-1 text-sm text-fg-muted">
            {proposal.extras.map((extra) => (
              <li key={extra.label} className="flex justify-between gap-4">
                <span>{extra.label}</span>
                <span className="tabular-nums">{money(extra.amountCents)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function ProposalAgreement({ proposal }: { proposal: ClientProposalView }) {
  return (
    <section aria-labelledby="proposal-agreement" className="grid gap-3">
      <h2 id="proposal-agreement" className="text-xl font-semibold text-fg">
        {proposal.agreementTitle}
      </h2>
      <div
        className="max-h-[28rem] overflow-y-auto rounded-2xl border border-line bg-surface p-5 text-sm focus-visible:outline-2 sm:p-6"
        tabIndex={0}
        role="region"
        aria-label={proposal.agreementTitle}
      >
        <MarkdownView blocks={parseMarkdown(proposal.agreementText)} />
      </div>
    </section>
  );
}

export function ProposalNotice({
  icon,
  title,
  children,
  inline = false,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  inline?: boolean;
}) {
  const body = (
    <section aria-labelledby="proposal-notice" className="grid gap-4 rounded-2xl border border-line bg-surface p-6 text-center sm:p-8">
      <div className="grid justify-items-center gap-3">
        {icon}
        <h2 id="proposal-notice" className="text-2xl font-bold tracking-tight text-balance text-fg">
          {title}
        </h2>
      </div>
      <p className="text-fg-muted [&_a]:text-accent [&_a]:underline">{children}</p>
    </section>
  );
  return inline ? body : <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">{body}</div>;
}
