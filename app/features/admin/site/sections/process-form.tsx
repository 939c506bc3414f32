import { useState } from 'react';
import { FormField } from '#app/components/ui/form-field.tsx';
import { FieldGroup, TextArea, TextInput, compactInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TokenChips, TokenLegend } from '#app/features/admin/site/token-chips.tsx';
import { GUIDE_ICONS, GUIDE_ICON_LABELS, type TitledText } from '#common/site-content/process.ts';
import type { Studio } from '#common/site-content/studio.ts';

type Bound = { form: SectionForm; studio: Studio };

/** A text area with the chips of the tokens it uses under it. */
function TokenText({
  form,
  studio,
  path,
  label,
  maxLength,
  hint,
}: Bound & { path: string; label: string; maxLength: number; hint?: string }) {
  return (
    <>
      <TextArea form={form} path={path} label={label} maxLength={maxLength} hint={hint} />
      <TokenChips text={form.value<string>(path) ?? ''} studio={studio} />
    </>
  );
}

/** Steps and quality standards: a title and a short text each. */
function TitledList({
  form,
  studio,
  path,
  legend,
  noun,
  max,
  description,
  empty,
}: Bound & {
  path: string;
  legend: string;
  noun: string;
  max: number;
  description: string;
  empty: string;
}) {
  return (
    <ListEditor<TitledText>
      form={form}
      path={path}
      legend={legend}
      description={description}
      noun={noun}
      make={() => ({ title: '', text: '' })}
      max={max}
      empty={empty}
    >
      {({ path: row, name }) => (
        <>
          <TextInput form={form} path={`${row}.title`} label={`${name} title`} maxLength={80} />
          <TokenText form={form} studio={studio} path={`${row}.text`} label={`${name} text`} maxLength={600} />
        </>
      )}
    </ListEditor>
  );
}

/**
 * The short lines of a checklist group or guide, one per line in a text area: quicker to write and
 * to read than a box per line. Blank lines are dropped; the first problem of any line shows below.
 */
function ItemLines({ form, path, name }: { form: SectionForm; path: string; name: string }) {
  const items = form.value<string[]>(path) ?? [];
  const [text, setText] = useState(() => items.join('\n'));
  const lines = (raw: string) => raw.split('\n').filter((item) => item.trim() !== '');
  // A discard, a restore or a newer version loaded from elsewhere replaces the list: show it.
  const shown = lines(text).join('\n') === items.join('\n') ? text : items.join('\n');
  const error = items.map((_, index) => form.error(`${path}.${index}`)).find(Boolean) ?? form.error(path);
  return (
    <FormField id={form.id(path)} label={`${name} items`} hint="One item per line, in the order shown." error={error}>
      {(control) => (
        <textarea
          {...control}
          rows={Math.min(Math.max(items.length + 1, 3), 10)}
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            form.set(path, lines(event.target.value));
          }}
          disabled={form.saving}
          className={`${compactInput} resize-y`}
        />
      )}
    </FormField>
  );
}

function IconSelect({ form, path, label }: { form: SectionForm; path: string; label: string }) {
  return (
    <FormField id={form.id(path)} label={label} error={form.error(path)}>
      {(control) => (
        <select
          {...control}
          value={form.value<string>(path) ?? 'check'}
          onChange={(event) => form.set(path, event.target.value)}
          disabled={form.saving}
          className={`${compactInput} sm:max-w-72`}
        >
          {GUIDE_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {GUIDE_ICON_LABELS[icon]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The Process page, top to bottom, then the file guide the home page and clients' project pages show. */
export function ProcessForm({ form, studio }: Bound) {
  return (
    <>
      <FieldGroup legend="Page intro">
        <TokenText form={form} studio={studio} path="intro" label="Intro under the page title" maxLength={600} />
      </FieldGroup>
      <TitledList
        form={form}
        studio={studio}
        path="steps"
        legend="Steps"
        noun="Step"
        max={12}
        description="In the order shown; the page numbers them from 1."
        empty="Add at least one step."
      />
      <TitledList
        form={form}
        studio={studio}
        path="standards"
        legend="Quality standards"
        noun="Standard"
        max={12}
        description="Short promises that hold for every project."
        empty="No quality standards: the page leaves the section out."
      />
      <FieldGroup legend="Project timeline" description="Under this text the page shows each package's turnaround, from Packages & prices.">
        <TokenText form={form} studio={studio} path="timelineIntro" label="Timeline intro" maxLength={800} />
      </FieldGroup>
      <FieldGroup
        legend="Preparing your project"
        description="How to prepare files: shown on the home page and, the checklist, on each client's project page."
      >
        <TextInput form={form} path="preparing.checklistTitle" label="Checklist title" maxLength={80} />
        <ListEditor<{ title: string; items: string[] }>
          form={form}
          path="preparing.checklist"
          legend="Checklist groups"
          noun="Group"
          make={() => ({ title: '', items: [] })}
          max={4}
          empty="No checklist: the home page shows only the guides."
        >
          {({ path, name }) => (
            <>
              <TextInput form={form} path={`${path}.title`} label={`${name} title`} maxLength={80} />
              <ItemLines form={form} path={`${path}.items`} name={name} />
            </>
          )}
        </ListEditor>
        <ListEditor<{ title: string; icon: string; items: string[] }>
          form={form}
          path="preparing.guides"
          legend="Guides"
          noun="Guide"
          make={() => ({ title: '', icon: 'check', items: [] })}
          max={6}
          empty="No guides."
        >
          {({ path, name }) => (
            <>
              <TextInput form={form} path={`${path}.title`} label={`${name} title`} maxLength={80} />
              <IconSelect form={form} path={`${path}.icon`} label={`${name} icon`} />
              <ItemLines form={form} path={`${path}.items`} name={name} />
            </>
          )}
        </ListEditor>
      </FieldGroup>
      <FieldGroup legend="Closing call to action" description="The last box of the Process page, with its button to the contact page.">
        <TextInput form={form} path="cta.title" label="Call to action title" maxLength={100} />
        <TokenText form={form} studio={studio} path="cta.text" label="Call to action text" maxLength={600} />
      </FieldGroup>
      <TokenLegend />
    </>
  );
}
