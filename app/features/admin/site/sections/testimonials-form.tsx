import type { Testimonial } from '#common/site-content/testimonials.ts';
import { TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

export function TestimonialsForm({ form }: { form: SectionForm }) {
  return (
    <ListEditor<Testimonial>
      form={form}
      path="testimonials"
      legend="Testimonials"
      description="Shown on the home and About pages; with none, those pages leave the section out."
      noun="Testimonial"
      make={() => ({ quote: '', name: '', role: '', url: null })}
      max={30}
      empty="No testimonials yet."
      columns="sm:grid-cols-2"
    >
      {({ path, name }) => (
        <>
          <div className="sm:col-span-2">
            <TextArea form={form} path={`${path}.quote`} label={`${name} quote`} maxLength={1000} />
          </div>
          <TextInput form={form} path={`${path}.name`} label={`${name} name`} maxLength={80} />
          <TextInput form={form} path={`${path}.role`} label={`${name} role or artist`} maxLength={120} placeholder="Artist" />
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
      )}
    </ListEditor>
  );
}
