import { FieldGroup, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ImageField } from '#app/features/admin/site/image-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TokenChips, TokenLegend } from '#app/features/admin/site/token-chips.tsx';
import type { Studio } from '#common/site-content/studio.ts';

export function HeroForm({ form, studio }: { form: SectionForm; studio: Studio }) {
  return (
    <>
      <FieldGroup legend="Words">
        <TextInput
          form={form}
          path="serviceLine"
          label="Service line"
          hint="Above the headline. Leave it empty for the names of the services you show and your city, kept up to date for you."
          maxLength={120}
        />
        <TokenChips text={form.value<string>('serviceLine') ?? ''} studio={studio} />
        <TextInput form={form} path="headline" label="Headline" maxLength={80} />
        <TokenChips text={form.value<string>('headline') ?? ''} studio={studio} />
        <TextArea form={form} path="description" label="Description" maxLength={500} />
        <TokenChips text={form.value<string>('description') ?? ''} studio={studio} />
      </FieldGroup>
      <TokenLegend />
      <ImageField form={form} path="image" legend="Hero image" without="No image: the home page shows its built-in console illustration." />
    </>
  );
}
