import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import type { PricedPackage } from '#common/proposal-quote.ts';
import { RowsEditor, TextInput } from './editor-inputs.tsx';
import type { ProposalFormValues } from './proposal-form.ts';

/*
 * The proposal editor's fields: who it is for and what is sold (package, songs, extras); the options
 * and how it is paid are in editor-plan-fields.tsx.
 */

/** What each part of the editor's form reads and changes. */
export interface EditorFieldsProps {
  ids: string;
  values: ProposalFormValues;
  set: <K extends keyof ProposalFormValues>(key: K, value: ProposalFormValues[K]) => void;
  field: (key: string) => string | undefined;
  packages: PricedPackage[];
  money: (cents: number) => string;
}

export function ClientFields({ ids, values, set, field }: EditorFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput
        id={`${ids}-name`}
        label="Client name"
        value={values.clientName}
        onChange={(v) => set('clientName', v)}
        error={field('clientName')}
        autoComplete="off"
      />
      <TextInput
        id={`${ids}-email`}
        label="Client e-mail"
        type="email"
        value={values.clientEmail}
        onChange={(v) => set('clientEmail', v)}
        error={field('clientEmail')}
        autoComplete="off"
      />
      <TextInput
        id={`${ids}-artist`}
        label="Artist or band (optional)"
        value={values.artistName}
        onChange={(v) => set('artistName', v)}
        error={field('artistName')}
      />
      <TextInput
        id={`${ids}-title`}
        label="Title"
        value={values.title}
        onChange={(v) => set('title', v)}
        error={field('title')}
        placeholder="Night Drive EP"
      />
    </div>
  );
}

export function WorkFields({ ids, values, set, field, packages, money }: EditorFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <FormField id={`${ids}-package`} label="Package" error={field('packageKey')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              value={values.packageKey}
              onChange={(event) => set('packageKey', event.target.value)}
            >
              {packages.map((pkg) => (
                <option key={pkg.key} value={pkg.key}>
                  {pkg.name} ({money(pkg.price * 100)} per song)
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextInput
          id={`${ids}-songs`}
          label="Songs"
          inputMode="numeric"
          value={values.songs}
          onChange={(v) => set('songs', v)}
          error={field('songs')}
        />
      </div>
      <RowsEditor
        title="Extras (always included)"
        addLabel="Add an extra"
        rows={values.extras}
        onAdd={() => set('extras', [...values.extras, { label: '', dollars: '' }])}
        onRemove={(index) =>
          set(
            'extras',
            values.extras.filter((_, at) => at !== index),
          )
        }
        render={(row, index) => (
          <div className="grid grow gap-2 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <input
              aria-label={`Extra ${index + 1}`}
              className={inputClasses}
              value={row.label}
              placeholder="Extra revision round"
              onChange={(event) =>
                set(
                  'extras',
                  values.extras.map((old, at) => (at === index ? { ...old, label: event.target.value } : old)),
                )
              }
            />
            <input
              aria-label={`Extra ${index + 1} price`}
              className={inputClasses}
              inputMode="decimal"
              value={row.dollars}
              placeholder="$"
              onChange={(event) =>
                set(
                  'extras',
                  values.extras.map((old, at) => (at === index ? { ...old, dollars: event.target.value } : old)),
                )
              }
            />
          </div>
        )}
      />
    </>
  );
}
