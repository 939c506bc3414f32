import { FieldGroup, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ImageField } from '#app/features/admin/site/image-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

export function HeroForm({ form }: { form: SectionForm }) {
  return (
    <>
      <FieldGroup legend="Words">
        <TextInput form={form} path="headline" label="Headline" maxLength={80} />
        <TextArea form={form} path="description" label="Description" maxLength={500} />
      </FieldGroup>
      <ImageField form={form} path="image" legend="Hero image" without="No image: the home page shows its built-in console illustration." />
    </>
  );
}
