import { FormField } from '#app/components/ui/form-field.tsx';
import { compactInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { turnaroundText, type Turnaround } from '#common/site-content/turnaround-words.ts';
import { cn } from '#app/lib/cn.ts';

const HINT =
  'From complete files to the first version of one song: "48 hours", "5-7 days", "2 weeks". ' +
  'The Process page, the terms and the agreement quote it.';

/**
 * A package's turnaround typed as the owner says it ("5-7 days"). While typing, the draft holds the
 * words; the shared schema reads them into a range with a unit (or says how to write them), and a
 * saved section comes back as the range, shown in the pages' wording.
 */
export function TurnaroundInput({ form, path, label }: { form: SectionForm; path: string; label: string }) {
  const value = form.value<Turnaround | string>(path);
  const text = typeof value === 'string' ? value : value ? turnaroundText(value) : '';
  const error = [path, `${path}.from`, `${path}.to`, `${path}.unit`].map((at) => form.error(at)).find(Boolean);
  return (
    <FormField id={form.id(path)} label={label} error={error} hint={HINT}>
      {(control) => (
        <input
          {...control}
          value={text}
          onChange={(event) => form.set(path, event.target.value, [`${path}.from`, `${path}.to`, `${path}.unit`])}
          disabled={form.saving}
          maxLength={40}
          autoComplete="off"
          className={cn(compactInput, 'sm:max-w-72')}
        />
      )}
    </FormField>
  );
}
