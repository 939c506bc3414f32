import { CONTENT_TOKENS } from '#common/site-content/content-tokens.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { FieldGroup, TextInput } from '#app/features/admin/site/fields.tsx';
import { MarkdownField } from '#app/features/admin/site/markdown-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

const TOKEN_MEANINGS: Record<(typeof CONTENT_TOKENS)[number], string> = {
  'studio.name': 'the studio name',
  'studio.email': 'the public e-mail',
  'studio.location': 'the city and region',
  'studio.responseHours': 'the reply time in hours',
  'packages.turnaround': "the packages' turnaround, like 48 to 72 hours",
};

/** The privacy policy and the terms: Markdown with effective dates, and the tokens they may use. */
export function PoliciesForm({ form, studio }: { form: SectionForm; studio: Studio }) {
  return (
    <>
      <div className="rounded-xl border border-line bg-surface p-4 text-sm sm:p-5">
        <h3 className="font-semibold text-fg">Tokens</h3>
        <p className="mt-1 text-fg-muted">Write these instead of the facts themselves, and the pages fill in the current values:</p>
        <ul className="mt-3 grid gap-1.5 sm:grid-cols-2">
          {CONTENT_TOKENS.map((token) => (
            <li key={token}>
              <code className="rounded bg-ink px-1.5 py-0.5 text-accent">{`{{${token}}}`}</code>{' '}
              <span className="text-fg-muted">{TOKEN_MEANINGS[token]}</span>
            </li>
          ))}
        </ul>
      </div>
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
