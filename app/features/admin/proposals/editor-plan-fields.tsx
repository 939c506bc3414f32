import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import type { EditorFieldsProps } from './editor-fields.tsx';
import { RowsEditor, TextInput } from './editor-inputs.tsx';
import { optionKeyOf, type ProposalFormValues } from './proposal-form.ts';

/** The options the client may choose, and how the work is paid: deposit, tax, discount, due rules, message. */
export function OptionFields({ values, set, packages }: EditorFieldsProps) {
  const updateOption = (index: number, change: Partial<ProposalFormValues['options'][number]>) =>
    set(
      'options',
      values.options.map((old, at) => (at === index ? { ...old, ...change } : old)),
    );
  return (
    <RowsEditor
      title="Options the client may choose"
      addLabel="Add an option"
      rows={values.options}
      onAdd={() =>
        set('options', [
          ...values.options,
          {
            key: optionKeyOf(
              'option',
              values.options.map((o) => o.key),
            ),
            label: '',
            kind: 'addon',
            packageKey: packages[0]?.key ?? '',
            dollars: '',
          },
        ])
      }
      onRemove={(index) =>
        set(
          'options',
          values.options.filter((_, at) => at !== index),
        )
      }
      render={(row, index) => (
        <div className="grid grow gap-2 sm:grid-cols-[11rem_minmax(0,1fr)_11rem]">
          <select
            aria-label={`Option ${index + 1} kind`}
            className={inputClasses}
            value={row.kind}
            onChange={(event) => updateOption(index, { kind: event.target.value as 'package' | 'addon' })}
          >
            <option value="addon">Add-on</option>
            <option value="package">Other package</option>
          </select>
          <input
            aria-label={`Option ${index + 1}`}
            className={inputClasses}
            value={row.label}
            placeholder={row.kind === 'package' ? 'Premium instead' : 'Stems of every song'}
            onChange={(event) =>
              updateOption(index, {
                label: event.target.value,
                key: optionKeyOf(
                  event.target.value,
                  values.options.filter((_, at) => at !== index).map((o) => o.key),
                ),
              })
            }
          />
          {row.kind === 'package' ? (
            <select
              aria-label={`Option ${index + 1} package`}
              className={inputClasses}
              value={row.packageKey}
              onChange={(event) => updateOption(index, { packageKey: event.target.value })}
            >
              {packages.map((pkg) => (
                <option key={pkg.key} value={pkg.key}>
                  {pkg.name}
                </option>
              ))}
            </select>
          ) : (
            <input
              aria-label={`Option ${index + 1} price`}
              className={inputClasses}
              inputMode="decimal"
              value={row.dollars}
              placeholder="$"
              onChange={(event) => updateOption(index, { dollars: event.target.value })}
            />
          )}
        </div>
      )}
    />
  );
}

export function PlanFields({ ids, values, set, field }: EditorFieldsProps) {
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <TextInput
          id={`${ids}-deposit`}
          label="Deposit %"
          inputMode="numeric"
          value={values.depositPercent}
          onChange={(v) => set('depositPercent', v)}
          error={field('depositPercent')}
        />
        <TextInput
          id={`${ids}-tax`}
          label="Tax %"
          inputMode="decimal"
          value={values.taxPercent}
          onChange={(v) => set('taxPercent', v)}
          error={field('taxPercent')}
          hint="Up to three decimals, like 8.875"
        />
        <TextInput
          id={`${ids}-discount`}
          label="Discount ($)"
          inputMode="decimal"
          value={values.discount}
          onChange={(v) => set('discount', v)}
          error={field('discountCents')}
        />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id={`${ids}-balance`} label="Balance due" error={field('balanceDue')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses}
              value={values.balanceDue}
              onChange={(event) => set('balanceDue', event.target.value as ProposalFormValues['balanceDue'])}
            >
              <option value="before_delivery">Before the masters are delivered</option>
              <option value="on_date">On a date</option>
              <option value="days_after_delivery">Days after delivery</option>
            </select>
          )}
        </FormField>
        {values.balanceDue === 'on_date' ? (
          <TextInput
            id={`${ids}-balance-date`}
            label="Balance due on"
            type="date"
            value={values.balanceDate}
            onChange={(v) => set('balanceDate', v)}
          />
        ) : values.balanceDue === 'days_after_delivery' ? (
          <TextInput
            id={`${ids}-balance-days`}
            label="Days after delivery"
            inputMode="numeric"
            value={values.balanceDays}
            onChange={(v) => set('balanceDays', v)}
          />
        ) : (
          <TextInput
            id={`${ids}-expires`}
            label="Open until"
            type="date"
            value={values.expiresOn}
            onChange={(v) => set('expiresOn', v)}
            error={field('expiresOn')}
            hint="Empty: two weeks from sending"
          />
        )}
      </div>
      <label className="flex items-center gap-3 text-sm text-fg">
        <input
          type="checkbox"
          checked={values.depositGatesUploads}
          onChange={(event) => set('depositGatesUploads', event.target.checked)}
          className="size-4"
        />
        The client’s uploads open once the deposit is paid
      </label>
      <FormField id={`${ids}-message`} label="Message to the client" error={field('message')}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            className={inputClasses}
            value={values.message}
            onChange={(event) => set('message', event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
