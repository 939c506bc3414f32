import type { FaqEntry } from '#common/site-content/faq.ts';
import { TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

export function FaqForm({ form }: { form: SectionForm }) {
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
        </>
      )}
    </ListEditor>
  );
}
