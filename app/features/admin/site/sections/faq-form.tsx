import type { FaqEntry } from '#common/site-content/faq.ts';
import { TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TokenChips } from '#app/features/admin/site/token-chips.tsx';
import type { Studio } from '#common/site-content/studio.ts';

export function FaqForm({ form, studio }: { form: SectionForm; studio: Studio }) {
  return (
    <ListEditor<FaqEntry>
      form={form}
      path="faq"
      legend="Questions"
      description="Plain text; a blank line in an answer starts a new paragraph."
      noun="Question"
      make={() => ({ question: '', answer: '' })}
      max={40}
      empty="No questions yet: the contact page leaves the FAQ out."
    >
      {({ path, index }) => (
        <>
          <TextInput form={form} path={`${path}.question`} label={`Question ${index + 1}`} maxLength={200} />
          <TextArea form={form} path={`${path}.answer`} label={`Answer ${index + 1}`} maxLength={3000} />
          <TokenChips
            text={`${form.value<string>(`${path}.question`) ?? ''} ${form.value<string>(`${path}.answer`) ?? ''}`}
            studio={studio}
          />
        </>
      )}
    </ListEditor>
  );
}
