import type { Packages } from '#common/site-content/packages.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { FieldGroup, TextInput } from '#app/features/admin/site/fields.tsx';
import { MarkdownField } from '#app/features/admin/site/markdown-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TokenLegend } from '#app/features/admin/site/token-chips.tsx';

/**
 * The service agreement clients sign with a proposal: Markdown with an effective date. Its preview
 * fills the studio's and the packages' facts; the payment plan stays a code, each proposal's own.
 */
export function AgreementForm({ form, studio, packages }: { form: SectionForm; studio: Studio; packages: Packages }) {
  return (
    <>
      <TokenLegend proposal />
      <FieldGroup legend="Service agreement">
        <TextInput form={form} path="effectiveDate" label="Effective date" type="date" className="sm:max-w-56" />
        <MarkdownField form={form} path="body" label="Agreement text" studio={studio} packages={packages} rows={20} maxLength={100_000} />
      </FieldGroup>
    </>
  );
}
