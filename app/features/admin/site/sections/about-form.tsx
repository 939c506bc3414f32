import type { About, Credit } from '#common/site-content/about.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { FieldGroup, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import { ImageField } from '#app/features/admin/site/image-field.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import { CreditFields } from './credit-fields.tsx';
import { MarkdownField } from '#app/features/admin/site/markdown-field.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TokenChips } from '#app/features/admin/site/token-chips.tsx';

/** The founder, the biography, the three stats, the credits, the values band and the closing band. */
export function AboutForm({ form, studio }: { form: SectionForm; studio: Studio }) {
  return (
    <>
      <FieldGroup legend="Founder" description="Until a name is set, the pages speak of “our founder”.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput form={form} path="founderName" label="Founder name" maxLength={80} autoComplete="name" />
          <TextInput form={form} path="founderRole" label="Founder role" maxLength={80} placeholder="Founder & Lead Engineer" />
        </div>
      </FieldGroup>
      <ImageField form={form} path="photo" legend="Founder photo" without="No photo yet: the About page goes without one." />
      <FieldGroup legend="Biography">
        <MarkdownField form={form} path="biography" label="Biography" studio={studio} maxLength={20_000} />
      </FieldGroup>
      <FieldGroup legend="Stats" description="The three numbers on the About page.">
        {[0, 1, 2].map((index) => (
          <div key={index} className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <TextInput form={form} path={`stats.${index}.value`} label={`Stat ${index + 1} value`} maxLength={40} placeholder="17+" />
            <TextInput
              form={form}
              path={`stats.${index}.label`}
              label={`Stat ${index + 1} label`}
              maxLength={40}
              placeholder="Years Experience"
            />
            <div className="sm:col-span-2">
              <TokenChips text={form.value<string>(`stats.${index}.value`) ?? ''} studio={studio} />
            </div>
          </div>
        ))}
      </FieldGroup>
      <ListEditor<Credit>
        form={form}
        path="credits"
        legend="Credits"
        description="Records the studio worked on."
        noun="Credit"
        make={() => ({ artist: '', title: '', role: '', year: null, url: null })}
        max={200}
        empty="No credits yet: the About page leaves the list out."
        columns="sm:grid-cols-2"
      >
        {({ path, name }) => (
          <>
            <CreditFields form={form} path={path} name={name} />
          </>
        )}
      </ListEditor>
      <FieldGroup legend="Values" description="The band about how the studio works.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput form={form} path="valuesEyebrow" label="Values eyebrow" maxLength={60} placeholder="How we work" />
          <TextInput form={form} path="valuesTitle" label="Values heading" maxLength={80} placeholder="What We Stand For" />
        </div>
      </FieldGroup>
      <ListEditor<About['values'][number]>
        form={form}
        path="values"
        legend="Value points"
        noun="Value"
        make={() => ({ title: '', text: '' })}
        max={6}
        empty="No values: the About page leaves the band out."
      >
        {({ path, name }) => (
          <>
            <TextInput form={form} path={`${path}.title`} label={`${name} title`} maxLength={80} />
            <TextArea form={form} path={`${path}.text`} label={`${name} text`} maxLength={400} rows={2} />
          </>
        )}
      </ListEditor>
      <FieldGroup legend="Closing band" description="Above the consultation and samples buttons at the end of the page.">
        <TextInput form={form} path="ctaTitle" label="Closing heading" maxLength={80} placeholder="Let's Work Together" />
        <TextArea form={form} path="ctaText" label="Closing text" maxLength={300} rows={2} />
      </FieldGroup>
    </>
  );
}
