import type { Dispatch, SetStateAction } from 'react';
import { addOnOptions, packageOptions, type ProposalQuote } from '#common/proposal-quote.ts';
import type { ClientProposalView } from '#common/proposals.ts';

/*
 * The client's choices on a proposal (the package or another one offered, the add-ons) and the sums
 * they come to: parts of the acceptance island (proposal-accept.tsx), plain form fields without JavaScript.
 */

export function ProposalChoices({
  ids,
  proposal,
  packageChoice,
  onPackage,
  addOnChoice,
  onAddOns,
  money,
}: {
  ids: string;
  proposal: ClientProposalView;
  packageChoice: string;
  onPackage: (key: string) => void;
  addOnChoice: string[];
  onAddOns: Dispatch<SetStateAction<string[]>>;
  money: (cents: number) => string;
}) {
  const swaps = packageOptions(proposal.options);
  const addOns = addOnOptions(proposal.options);
  const basePackage = proposal.packages.find((pkg) => pkg.key === proposal.packageKey);
  const setPackageChoice = onPackage;
  const setAddOnChoice = onAddOns;
  return (
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
  );
}

export function ProposalSums({
  ids,
  proposal,
  quote,
  words,
  money,
}: {
  ids: string;
  proposal: ClientProposalView;
  quote: ProposalQuote;
  words: string[];
  money: (cents: number) => string;
}) {
  return (
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
