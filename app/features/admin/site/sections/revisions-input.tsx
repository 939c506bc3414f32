import type { Revisions } from '#common/site-content/packages.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { NumberInput, compactInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

type Kind = 'same' | 'number' | 'unlimited';

/**
 * Revisions are a number or "unlimited"; on the mixing & mastering page they may also follow the
 * package (null). A select says which, and a number input appears when it is a number.
 */
export function RevisionsInput({ form, path, label, sameAs }: { form: SectionForm; path: string; label: string; sameAs?: string }) {
  const value = form.value<Revisions | null>(path);
  const kind: Kind = value === null ? 'same' : value === 'unlimited' ? 'unlimited' : 'number';
  const choose = (next: Kind) =>
    form.set(path, next === 'same' ? null : next === 'unlimited' ? 'unlimited' : typeof value === 'number' ? value : 2);
  const numberId = form.id(`${path}.count`);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={form.id(path)} label={label} error={kind === 'number' ? undefined : form.error(path)}>
        {(control) => (
          <select
            {...control}
            value={kind}
            onChange={(event) => choose(event.target.value as Kind)}
            disabled={form.saving}
            className={compactInput}
          >
            {sameAs !== undefined ? <option value="same">Same as the package ({sameAs})</option> : null}
            <option value="number">A number</option>
            <option value="unlimited">Unlimited</option>
          </select>
        )}
      </FormField>
      {kind === 'number' ? <NumberInput form={form} path={path} id={numberId} label={`${label}: how many`} min={0} max={20} /> : null}
    </div>
  );
}
