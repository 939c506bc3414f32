import { Scale } from 'lucide-react';
import { formatPrice } from '#common/site-content/format.ts';
import { pricingDisagreements, type Pricing, type PricingDisagreement } from '#common/site-content/pricing.ts';
import { Button } from '#app/components/ui/button.tsx';
import { CheckboxInput, FieldGroup, NumberInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { HomePackageEditor, MixingPagePackageEditor } from './package-editor.tsx';
import { settle, settleLabel, settlePaths } from './settle-pricing.ts';

const words = (found: PricingDisagreement, value: number | 'unlimited') =>
  found.fact.endsWith('.price') ? formatPrice(value as number) : value === 'unlimited' ? 'unlimited revisions' : `${value} revisions`;

/** Where the two pages still say different things, with one button per reading to settle it. */
function Disagreements({ form }: { form: SectionForm }) {
  const pricing = form.draft as Pricing;
  const found = pricingDisagreements(pricing);
  if (found.length === 0) {
    return (
      <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm text-fg-muted">
        The home page and the mixing & mastering page agree on every price and revision count.
      </p>
    );
  }
  const use = (item: PricingDisagreement, reading: 'home' | 'mixingPage') => {
    const settled = settle(pricing, item, reading);
    const { home, page } = settlePaths(item.fact);
    form.set(
      home,
      home.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], settled),
    );
    form.set(page, null);
  };
  return (
    <section aria-labelledby="pricing-disagreements" className="grid gap-3 rounded-xl border border-accent/50 bg-accent-soft p-4 sm:p-5">
      <h3 id="pricing-disagreements" className="flex items-center gap-2 text-base font-semibold text-fg">
        <Scale aria-hidden className="size-5 text-accent" />
        The pages disagree
      </h3>
      <p className="text-sm text-fg-muted">
        Visitors see different values on the home page and the mixing & mastering page. Choose one for both, then save.
      </p>
      <ul className="grid gap-3">
        {found.map((item) => (
          <li key={item.fact} className="grid gap-2 rounded-lg border border-line bg-ink/60 p-3 text-sm">
            <p className="text-fg">
              <strong>{item.label}</strong>: the home page says {words(item, item.home)}, the mixing & mastering page says{' '}
              {words(item, item.mixingPage)}.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" className="max-sm:h-11" onClick={() => use(item, 'home')}>
                {settleLabel(item, item.home)}
              </Button>
              <Button variant="secondary" size="sm" className="max-sm:h-11" onClick={() => use(item, 'mixingPage')}>
                {settleLabel(item, item.mixingPage)}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The packages of both pages, the new-client special and the vocal production price. */
export function PricingForm({ form }: { form: SectionForm }) {
  return (
    <>
      <Disagreements form={form} />
      <FieldGroup legend="New-client special" description="A new client's first song at an introductory price (the Intro Special package).">
        <CheckboxInput form={form} path="newClientSpecial.enabled" label="Offer the new-client special" />
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberInput form={form} path="newClientSpecial.price" label="Special price" prefix="$" min={0} />
          <NumberInput
            form={form}
            path="newClientSpecial.regularPrice"
            label="Special regular price"
            prefix="$"
            hint="Shown struck through next to it."
            min={0}
          />
        </div>
      </FieldGroup>
      <h3 className="text-lg font-semibold text-fg">Home page packages</h3>
      <HomePackageEditor form={form} id="intro" name="Intro" />
      <HomePackageEditor form={form} id="standard" name="Standard" />
      <HomePackageEditor form={form} id="premium" name="Premium" />
      <h3 className="text-lg font-semibold text-fg">Mixing & mastering page</h3>
      <MixingPagePackageEditor form={form} id="intro" name="Intro" />
      <MixingPagePackageEditor form={form} id="premium" name="Premium" />
      <FieldGroup legend="Vocal production">
        <NumberInput
          form={form}
          path="vocalProductionFrom"
          label="Vocal production from"
          prefix="$"
          hint='Shown as "from $100".'
          min={0}
          className="sm:max-w-64"
        />
      </FieldGroup>
    </>
  );
}
