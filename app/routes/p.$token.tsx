import { CalendarClock, CircleCheck, FileSignature, LinkIcon } from 'lucide-react';
import type { Route } from './+types/p.$token';
import { seo } from '#app/components/seo.ts';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { ProposalAccept } from '#app/features/proposals/proposal-accept.tsx';
import { ProposalAgreement, ProposalHeader, ProposalIncluded, ProposalNotice } from '#app/features/proposals/proposal-sections.tsx';
import { formatMoney } from '#common/billing/money.ts';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';
import type { ClientProposalView } from '#common/proposals.ts';

/** The address is the proposal's key: never shared, no referrer, never indexed, its case kept. */
export const handle: PageHandle = { page: PAGE_POLICIES.secretAddress };

export { proposalPageLoader as loader } from '#app/features/proposals/proposal-page.server.ts';

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData;
  const title = page?.kind === 'found' ? `Proposal: ${page.proposal.title}` : 'Proposal';
  return [
    ...seo(args, { title, description: 'Read, choose, sign and pay the deposit of your proposal.', noindex: true }),
    { name: 'referrer', content: 'no-referrer' },
  ];
};

/** "Rae signed it on Fri, 04 Dec 2026: Premium Package with Stems, $1,125.00 in all." */
function signedWords(proposal: ClientProposalView): string {
  const { signature } = proposal;
  if (!signature) return '';
  const name = proposal.packages.find((pkg) => pkg.key === signature.packageKey)?.name ?? signature.packageKey;
  const extras = signature.optionLabels.length > 0 ? ` with ${signature.optionLabels.join(', ')}` : '';
  const when = new Date(signature.signedAt).toUTCString().slice(0, 16);
  const total = formatMoney(signature.totalCents, proposal.currency);
  return `${signature.signatureName} signed it on ${when}: ${name}${extras}, ${total} in all. `;
}

/** `/p/:token`: the client's proposal, readable without JavaScript and signed with a plain form post. */
export default function ProposalPageRoute({ loaderData: page }: Route.ComponentProps) {
  if (page.kind === 'not-found') {
    return (
      <ProposalNotice icon={<LinkIcon aria-hidden className="size-10 text-accent" />} title="This link is not valid">
        It does not open a proposal. Check that the whole link from the e-mail was opened, or write to the studio.
      </ProposalNotice>
    );
  }
  const { proposal, token, problem } = page;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-10 px-4 py-10 sm:px-6 sm:py-16" data-proposal-state={proposal.state}>
      <ProposalHeader proposal={proposal} />
      {proposal.state === 'accepted' ? (
        <ProposalNotice icon={<CircleCheck aria-hidden className="size-10 text-accent" />} title="This proposal is signed" inline>
          {proposal.signature ? signedWords(proposal) : ''}
          Your project page has the next steps: <a href="/portal">open your projects</a>.
        </ProposalNotice>
      ) : null}
      {proposal.state === 'expired' ? (
        <ProposalNotice icon={<CalendarClock aria-hidden className="size-10 text-accent" />} title="This proposal has expired" inline>
          It was open until {proposal.expiresOn}. Write to {proposal.studioName} for a new one: they will be glad to hear from you.
        </ProposalNotice>
      ) : null}
      {proposal.state === 'withdrawn' ? (
        <ProposalNotice icon={<FileSignature aria-hidden className="size-10 text-accent" />} title="This proposal was withdrawn" inline>
          {proposal.studioName} withdrew it, perhaps to send you a corrected one. Check your e-mail, or write to the studio.
        </ProposalNotice>
      ) : null}
      <ProposalIncluded proposal={proposal} />
      <ProposalAgreement proposal={proposal} />
      {proposal.state === 'open' ? (
        <Island name={ISLAND.proposalAccept} component={ProposalAccept} props={{ token, proposal, problem }} />
      ) : null}
    </div>
  );
}
