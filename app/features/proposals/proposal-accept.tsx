import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { formatMoney } from '#common/billing/money.ts';
import { addOnOptions, packageOptions, partWords, quoteProposal, type ClientProposalView } from '#common/proposals.ts';

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
  const basePackage = proposal.packages.find((pkg) => pkg.key === proposal.packageKey);

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
        <section aria-labelledby={`${ids}-choose`} className="grid gap-4">
          <h2 id={`${ids}-choose`} className="text-xl font-semibold text-fg">
            Your choices
          </h2>
          {swaps.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium text-fg-muted">Package</legend>
              <ChoiceRow
                type="radio"
                name="packageOption"
                value=""
                checked={packageChoice === ''}
                onChange={() => setPackageChoice('')}
                label={basePackage?.name ?? proposal.packageKey}
                detail={basePackage ? `${money(basePackage.price * 100)} per song` : ''}
              />
              {swaps.map((option) => {
                const pkg = proposal.packages.find((candidate) => candidate.key === option.packageKey);
                const perSong = option.amountCents ?? (pkg ? pkg.price * 100 : 0);
                return (
                  <ChoiceRow
                    key={option.key}
                    type="radio"
                    name="packageOption"
                    value={option.key}
                    checked={packageChoice === option.key}
                    onChange={() => setPackageChoice(option.key)}
                    label={option.label}
                    detail={`${money(perSong)} per song`}
                  />
                );
              })}
            </fieldset>
          ) : null}
          {addOns.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium text-fg-muted">Add-ons</legend>
              {addOns.map((option) => (
                <ChoiceRow
                  key={option.key}
                  type="checkbox"
                  name="optionKeys"
                  value={option.key}
                  checked={addOnChoice.includes(option.key)}
                  onChange={(on) => setAddOnChoice((keys) => (on ? [...keys, option.key] : keys.filter((key) => key !== option.key)))}
                  label={option.label}
                  detail={`+ ${money(option.amountCents ?? 0)}`}
                />
              ))}
            </fieldset>
          ) : null}
        </section>
      ) : null}

      {quote ? (
        <section aria-labelledby={`${ids}-sums`} className="grid gap-3">
          <h2 id={`${ids}-sums`} className="text-xl font-semibold text-fg">
            Price
          </h2>
          <table className="w-full text-sm" data-testid="proposal-sums">
            <caption className="sr-only">What the proposal costs with your choices</caption>
            <tbody className="divide-y divide-line">
              {quote.lines.map((line) => (
                <tr key={line.label}>
                  <th scope="row" className="py-2 pr-4 text-left font-normal text-fg">
                    {line.label}
                  </th>
                  <td className="py-2 text-right tabular-nums text-fg">{money(line.amountCents)}</td>
                </tr>
              ))}
              {quote.discountCents > 0 ? (
                <tr>
                  <th scope="row" className="py-2 pr-4 text-left font-normal text-fg-muted">
                    Discount
                  </th>
                  <td className="py-2 text-right tabular-nums text-fg-muted">−{money(quote.discountCents)}</td>
                </tr>
              ) : null}
              {quote.taxCents > 0 ? (
                <tr>
                  <th scope="row" className="py-2 pr-4 text-left font-normal text-fg-muted">
                    Tax ({proposal.taxPercent} %)
                  </th>
                  <td className="py-2 text-right tabular-nums text-fg-muted">{money(quote.taxCents)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row" className="py-3 pr-4 text-left text-base font-semibold text-fg">
                  Total
                </th>
                <td className="py-3 text-right text-base font-semibold tabular-nums text-fg" data-testid="proposal-total">
                  {money(quote.totalCents)}
                </td>
              </tr>
            </tbody>
          </table>
          <ol className="grid gap-2 rounded-xl border border-line bg-surface-raised p-4 text-sm" aria-label="Payment plan">
            {quote.parts.map((part, index) => (
              <li key={part.kind} className="flex flex-wrap justify-between gap-2">
                <span className="text-fg">{words[index]}</span>
                <span className="font-medium tabular-nums text-fg">{money(part.totalCents)}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

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

const CHOICE_CLASSES =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 ' +
  'has-[:checked]:border-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent';

function ChoiceRow(props: {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  detail: string;
}) {
  return (
    <label className={CHOICE_CLASSES}>
      <input
        type={props.type}
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        className="size-4 accent-[var(--color-accent)]"
      />
      <span className="grow text-fg">{props.label}</span>
      <span className="text-sm tabular-nums text-fg-muted">{props.detail}</span>
    </label>
  );
}
