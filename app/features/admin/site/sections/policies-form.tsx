import type { Studio } from '#common/site-content/studio.ts';
import { FieldGroup, TextInput } from '#app/features/admin/site/fields.tsx';
import { MarkdownField } from '#app/features/admin/site/markdown-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TokenLegend } from '#app/features/admin/site/token-chips.tsx';

/** The privacy policy and the terms: Markdown with effective dates, and the tokens they may use. */
export function PoliciesForm({ form, studio }: { form: SectionForm; studio: Studio }) {
  return (
    <>
      <TokenLegend />
      {(
        [
          ['privacy', 'Privacy policy'],
          ['terms', 'Terms of service'],
        ] as const
      ).map(([key, name]) => (
        <FieldGroup key={key} legend={name}>
          <TextInput form={form} path={`${key}.effectiveDate`} label={`${name} effective date`} type="date" className="sm:max-w-56" />
          <MarkdownField form={form} path={`${key}.body`} label={`${name} text`} studio={studio} rows={18} maxLength={100_000} />
        </FieldGroup>
      ))}
    </>
  );
}
