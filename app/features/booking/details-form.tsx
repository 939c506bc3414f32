import type { FormEvent, RefObject } from 'react';
import { CONTACT_FORM_STAMP_PATH, CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from '#common/contact-fields.ts';
import type { FieldErrors } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { stampFormOpened } from '#app/features/contact/stamp-form-opened.ts';

/** What the visitor types, as typed. */
export interface DetailsValues {
  name: string;
  email: string;
  phone: string;
  note: string;
}

export const EMPTY_DETAILS: DetailsValues = { name: '', email: '', phone: '', note: '' };

/**
 * The last step: who is booking. A plain form post to the page's action (which runs the booking and
 * redirects to the confirmation); with JavaScript the island sends it as JSON instead.
 */
export function DetailsForm({
  action,
  hidden,
  values,
  errors,
  needsPhone,
  noteLimit,
  sending,
  onChange,
  onSubmit,
  honeypot,
}: {
  action: string;
  hidden: Record<string, string>;
  values: DetailsValues;
  errors: FieldErrors;
  needsPhone: boolean;
  noteLimit: number;
  sending: boolean;
  onChange: (values: DetailsValues) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  honeypot: RefObject<HTMLInputElement | null>;
}) {
  const field = (name: keyof DetailsValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value }),
    className: inputClasses,
  });
  const errorOf = (name: string) => errors[name]?.[0];
  return (
    <form method="post" action={action} onSubmit={onSubmit} onFocus={stampFormOpened} aria-busy={sending} className="grid gap-5">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormField id="booking-name" label="Name" error={errorOf('name')}>
        {(control) => <input {...control} {...field('name')} type="text" autoComplete="name" required maxLength={CONTACT_LIMITS.name} />}
      </FormField>
      <FormField id="booking-email" label="Email" error={errorOf('email')} hint="The confirmation and the calendar invitation go here.">
        {(control) => (
          <input
            {...control}
            {...field('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
          />
        )}
      </FormField>
      <FormField
        id="booking-phone"
        label={needsPhone ? 'Phone' : 'Phone (optional)'}
        error={errorOf('phone')}
        hint={needsPhone ? 'We call you on this number.' : undefined}
      >
        {(control) => (
          <input {...control} {...field('phone')} type="tel" autoComplete="tel" required={needsPhone} maxLength={CONTACT_LIMITS.phone} />
        )}
      </FormField>
      <FormField
        id="booking-note"
        label="About your project (optional)"
        error={errorOf('note')}
        hint="A few words, and a link to your music if you have one."
      >
        {(control) => (
          <textarea {...control} {...field('note')} rows={4} maxLength={noteLimit} className={cn(inputClasses, 'min-h-28 resize-y')} />
        )}
      </FormField>

      {/* Spam traps, as on the contact form: off-screen, hidden from assistive tech and the tab order. */}
      <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="booking-hp">Leave this field empty</label>
        <input ref={honeypot} id="booking-hp" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {/* Without JavaScript the fill-time stamp comes with the page, as a stylesheet only such browsers load. */}
      <noscript>
        <link rel="stylesheet" href={CONTACT_FORM_STAMP_PATH} />
      </noscript>

      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        {sending ? 'Booking…' : 'Book consultation'}
      </Button>
    </form>
  );
}
