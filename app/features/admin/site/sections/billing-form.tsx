import { BILLING_CURRENCIES } from '#common/site-content/billing.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { CheckboxInput, compactInput, FieldGroup, NumberInput, TextArea, TextInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

/** The studio's billing: invoice numbers, currency, deposit, days to pay, reminders, the delivery lock and the payment instructions. */
export function BillingForm({ form }: { form: SectionForm }) {
  const prefix = form.value<string>('invoicePrefix') || 'ATL';
  return (
    <>
      <FieldGroup legend="Invoices" description="Every invoice gets the next number of its year, and a number is never given twice.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            form={form}
            path="invoicePrefix"
            label="Invoice number prefix"
            maxLength={8}
            autoCapitalize="characters"
            hint={`Invoices read ${prefix}-${new Date().getFullYear()}-0001, then 0002 and on.`}
          />
          <FormField id={form.id('currency')} label="Currency" error={form.error('currency')} hint="Changing it affects new invoices only.">
            {(control) => (
              <select
                {...control}
                value={form.value<string>('currency')}
                onChange={(event) => form.set('currency', event.target.value)}
                disabled={form.saving}
                className={cn(compactInput, 'sm:max-w-40')}
              >
                {BILLING_CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <NumberInput
            form={form}
            path="depositPercent"
            label="Deposit before work starts (%)"
            hint="0 invoices a project in full; 50 makes a deposit and a balance."
            min={0}
            max={100}
          />
          <NumberInput form={form} path="paymentTermsDays" label="Days to pay" hint="The due date of a new invoice." min={0} max={120} />
        </div>
      </FieldGroup>
      <FieldGroup
        legend="Reminders"
        description="Each once, at 9:00 in the client's time zone (yours when they never booked a consultation)."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberInput
            form={form}
            path="reminderDaysBefore"
            label="Days before the due date"
            hint="The first reminder; then one on the due date and one a week after, until the invoice is paid. 0: none before."
            min={0}
            max={30}
          />
        </div>
      </FieldGroup>
      <FieldGroup legend="Deliveries" description="Masters are your leverage until the balance is paid.">
        <CheckboxInput
          form={form}
          path="lockDeliveries"
          label="Lock deliveries of new projects until paid"
          hint="Clients still hear every master in the review room; downloads open when nothing is owed. You can unlock a project by hand."
        />
      </FieldGroup>
      <FieldGroup
        legend="Paying without a card"
        description="Shown to clients beside what they owe. Leave empty if clients pay by card only."
      >
        <TextArea
          form={form}
          path="paymentInstructions"
          label="Payment instructions"
          rows={5}
          maxLength={2000}
          placeholder="Bank transfer: account name, bank, routing and account numbers. Please put the invoice number in the reference."
        />
      </FieldGroup>
    </>
  );
}
