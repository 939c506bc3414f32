import { NumberInput, TextInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

/** One credit's fields (artist, title, role, year, link): the About page's list and a page's credits block. */
export function CreditFields({ form, path, name }: { form: SectionForm; path: string; name: string }) {
  return (
    <>
      <TextInput form={form} path={`${path}.artist`} label={`${name} artist`} maxLength={120} />
      <TextInput form={form} path={`${path}.title`} label={`${name} title`} maxLength={160} />
      <TextInput form={form} path={`${path}.role`} label={`${name} role`} maxLength={80} placeholder="Mixing, mastering" />
      <NumberInput form={form} path={`${path}.year`} label={`${name} year (optional)`} nullable min={1900} max={2100} />
      <div className="sm:col-span-2">
        <TextInput
          form={form}
          path={`${path}.url`}
          label={`${name} link (optional)`}
          type="url"
          inputMode="url"
          nullable
          placeholder="https://"
        />
      </div>
    </>
  );
}
