import { formatPrice } from '#common/site-content/format.ts';
import type { Pricing } from '#common/site-content/pricing.ts';
import { CheckboxInput, FieldGroup, NumberInput, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { RevisionsInput, revisionsWords } from './revisions-input.tsx';

function Features({ form, path, name }: { form: SectionForm; path: string; name: string }) {
  return (
    <ListEditor<string> form={form} path={path} legend={`${name} features`} noun={`${name} feature`} make={() => ''} max={12} nested>
      {({ path: featurePath, name: featureName }) => <TextInput form={form} path={featurePath} label={featureName} maxLength={120} />}
    </ListEditor>
  );
}

/** One of the home page's three packages. The intro package's price is the new-client special's. */
export function HomePackageEditor({ form, id, name }: { form: SectionForm; id: 'intro' | 'standard' | 'premium'; name: string }) {
  return (
    <FieldGroup legend={`${name} package`}>
      <TextInput form={form} path={`${id}.title`} label={`${name} title`} maxLength={60} />
      {id === 'intro' ? (
        <p className="text-sm text-fg-muted">Its price is the new-client special's (above).</p>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberInput form={form} path={`${id}.price`} label={`${name} price`} prefix="$" min={0} />
          <NumberInput
            form={form}
            path={`${id}.regularPrice`}
            label={`${name} regular price`}
            prefix="$"
            nullable
            hint="Optional: shown struck through."
            min={0}
          />
        </div>
      )}
      <TextInput
        form={form}
        path={`${id}.priceNote`}
        label={`${name} price note`}
        hint='Under the price, e.g. "per song".'
        maxLength={80}
      />
      <TextArea form={form} path={`${id}.description`} label={`${name} description`} maxLength={400} />
      <Features form={form} path={`${id}.features`} name={name} />
      <RevisionsInput form={form} path={`${id}.revisions`} label={`${name} revisions`} />
      <NumberInput
        form={form}
        path={`${id}.turnaroundHours`}
        label={`${name} turnaround in hours`}
        nullable
        hint="Optional: leave empty to not promise one."
        min={1}
        className="sm:max-w-56"
      />
      <CheckboxInput form={form} path={`${id}.popular`} label={`Mark ${name} as the popular choice`} />
    </FieldGroup>
  );
}

/** A package as the mixing & mastering page words it; an empty price or "same" revisions follow the package. */
export function MixingPagePackageEditor({ form, id, name }: { form: SectionForm; id: 'intro' | 'premium'; name: string }) {
  const pricing = form.draft as Pricing;
  const packagePrice = id === 'intro' ? pricing.newClientSpecial.price : pricing.premium.price;
  const packageRevisions = pricing[id].revisions;
  const path = `mixingPage.${id}`;
  return (
    <FieldGroup legend={`${name} on the mixing & mastering page`}>
      <TextArea form={form} path={`${path}.description`} label={`${name} page description`} maxLength={400} />
      <Features form={form} path={`${path}.features`} name={`${name} page`} />
      <NumberInput
        form={form}
        path={`${path}.price`}
        label={`${name} page price`}
        prefix="$"
        nullable
        placeholder={Number.isFinite(packagePrice) ? String(packagePrice) : ''}
        hint={`Empty: the same as the package (${Number.isFinite(packagePrice) ? formatPrice(packagePrice) : 'its price'}).`}
        min={0}
        className="sm:max-w-64"
      />
      <RevisionsInput form={form} path={`${path}.revisions`} label={`${name} page revisions`} sameAs={revisionsWords(packageRevisions)} />
    </FieldGroup>
  );
}
