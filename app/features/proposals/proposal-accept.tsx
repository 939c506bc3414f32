import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { formatMoney } from '#common/billing/money.ts';
import { type ClientProposalView } from '#common/proposals.ts';
import { addOnOptions, packageOptions, partWords, quoteProposal } from '#common/proposal-quote.ts';
import { ProposalChoices, ProposalSums } from './proposal-choices.tsx';

export interface ProposalAcceptProps {
  token: string;
  proposal: ClientProposalView;
  /** What a post without JavaScript came back with (`?problem=`), shown above the form. */
  problem: string | null;
}

const PROBLEMS: Record<string, string> = {
  name: 'Type your full name to sign.',
  options: 'Those options could not be chosen together. Choose one package and any add-ons.',
};

/**
 * The client's choice, sums and signature on a proposal (an island). Without JavaScript it is a plain
 * form posted to the page (`POST /p/{token}`), whose total is the one with no option chosen until
 * the server works it out; with JavaScript the total follows each choice (the same function the
 * server prices with) and the acceptance goes to the API, then on to Checkout or the project page.
 */
export function ProposalAccept({ token, proposal, problem }: ProposalAcceptProps) {
  const ids = useId();
  const swaps = packageOptions(proposal.options);
  const addOns = addOnOptions(proposal.options);
  const [packageChoice, setPackageChoice] = useState('');
  const [addOnChoice, setAddOnChoice] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(problem ? (PROBLEMS[problem] ?? null) : null);
  const chosen = useMemo(() => [packageChoice, ...addOnChoice].filter(Boolean), [packageChoice, addOnChoice]);
  const quoted = quoteProposal(proposal, proposal.packages, chosen);
  const quote = quoted.kind === 'quote' ? quoted.quote : null;
  const money = (cents: number) => formatMoney(cents, proposal.currency);
  const words = quote
    ? partWords(
        proposal,
        quote.parts.map((part) => part.kind),
      )
    : [];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') {
      setError(PROBLEMS.name!);
      return;
    }
    setSending(true);
    setError(null);
    const answer = await api<{ projectId: number; checkoutUrl?: string }>('POST', `/api/proposals/${token}/accept`, {
      optionKeys: chosen,
      signatureName: name.trim(),
    });
    if (answer.ok) {
      window.location.assign(answer.data.checkoutUrl ?? `/portal/projects/${answer.data.projectId}?accepted=1`);
      return;
    }
    setSending(false);
    // Expired, withdrawn or accepted meanwhile: the page says so as it now stands.
    if (answer.status === 409 || answer.status === 410) window.location.reload();
    setError(answer.serverMessage ?? 'The proposal could not be accepted just now. Please try again in a moment.');
  }

  const deposit = quote?.parts[0];
  const submitWords =
    deposit && deposit.kind !== 'balance' && words[0]?.includes('on signing')
      ? proposal.cardPayments
        ? `Sign and pay ${money(deposit.totalCents)}`
        : 'Sign and see how to pay'
      : 'Sign and accept';

  return (
    <form method="post" action={`/p/${token}`} onSubmit={(event) => void submit(event)} className="grid gap-8" noValidate>
      {swaps.length > 0 || addOns.length > 0 ? (
        <ProposalChoices
          ids={ids}
          proposal={proposal}
          packageChoice={packageChoice}
          onPackage={setPackageChoice}
          addOnChoice={addOnChoice}
          onAddOns={setAddOnChoice}
          money={money}
        />
      ) : null}

      {quote ? <ProposalSums ids={ids} proposal={proposal} quote={quote} words={words} money={money} /> : null}

      <section aria-labelledby={`${ids}-sign`} className="grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6">
        <h2 id={`${ids}-sign`} className="text-xl font-semibold text-fg">
          Sign
        </h2>
        <p className="text-sm text-fg-muted">
          Typing your name below and pressing the button signs the {proposal.agreementTitle.toLowerCase()} above, as an electronic
          signature. The studio and you each get the signed copy by e-mail, with the record of this signature.
        </p>
        <div className="grid gap-2">
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-fg">
            Your full name
          </label>
          <input
            id={`${ids}-name`}
            name="signatureName"
            autoComplete="name"
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error === PROBLEMS.name ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            className={`${inputClasses} text-lg italic`}
          />
        </div>
        {error ? (
          <p id={`${ids}-error`} role="alert" className="text-sm font-medium text-red-400">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
          {sending ? 'Signing…' : submitWords}
        </Button>
        {!proposal.cardPayments && proposal.paymentInstructions ? (
          <p className="text-sm text-fg-muted">After signing, your project page shows how to pay: {proposal.paymentInstructions}</p>
        ) : null}
      </section>
    </form>
  );
}
