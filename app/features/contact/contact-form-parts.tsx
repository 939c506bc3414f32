import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { Ref } from 'react';
import { CONTACT_FORM_STAMP_PATH, CONTACT_HONEYPOT_FIELD, type ContactField as FieldName } from '#common/contact-fields.ts';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { CONTACT_FAILURE_TITLE, CONTACT_FORM_LABELS, CONTACT_FORM_PLACEHOLDERS, CONTACT_SUCCESS_TITLE } from '#app/content/contact-form.ts';
import type { ContactActionData } from './contact-action.server.ts';

// The contact form's parts (contact-form.tsx): the answer to a post made without JavaScript, the fields, the spam traps.

/** What a post without JavaScript came back with: the confirmation, or why it was not sent. */
export function ServerResultNotice({ result, successMessage }: { result: ContactActionData; successMessage: string }) {
  return (
    <>
      {result.status === 'sent' ? (
        <div role="status" className="flex gap-3 rounded-xl border border-success/40 bg-success/10 p-4 text-fg">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <div>
            <p className="font-semibold">{CONTACT_SUCCESS_TITLE}</p>
            <p className="mt-1 text-sm text-fg-muted">{successMessage}</p>
          </div>
        </div>
      ) : null}
      {result.status === 'error' ? (
        <div role="alert" className="flex gap-3 rounded-xl border border-red-400/50 bg-danger-surface/60 p-4 text-fg">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-400" />
          <div>
            <p className="font-semibold">{CONTACT_FAILURE_TITLE}</p>
            <p className="mt-1 text-sm text-fg-muted">{result.message}</p>
          </div>
        </div>
      ) : null}
    </>
  );
}

type ControlProps = (field: FieldName) => {
  name: FieldName;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  className: string;
};

export function ContactFields({
  ids,
  errorOf,
  controlProps,
}: {
  ids: Record<FieldName, string>;
  errorOf: (field: FieldName) => string | undefined;
  controlProps: ControlProps;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={ids.name} label={CONTACT_FORM_LABELS.name} error={errorOf('name')}>
          {(control) => (
            <input
              {...control}
              {...controlProps('name')}
              type="text"
              autoComplete="name"
              required
              placeholder={CONTACT_FORM_PLACEHOLDERS.name}
            />
          )}
        </FormField>
        <FormField id={ids.email} label={CONTACT_FORM_LABELS.email} error={errorOf('email')}>
          {(control) => (
            <input
              {...control}
              {...controlProps('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              placeholder={CONTACT_FORM_PLACEHOLDERS.email}
            />
          )}
        </FormField>
      </div>
      <FormField id={ids.phone} label={CONTACT_FORM_LABELS.phone} error={errorOf('phone')}>
        {(control) => (
          <input {...control} {...controlProps('phone')} type="tel" autoComplete="tel" placeholder={CONTACT_FORM_PLACEHOLDERS.phone} />
        )}
      </FormField>
      <FormField id={ids.message} label={CONTACT_FORM_LABELS.message} error={errorOf('message')} hint="At least 10 characters.">
        {(control) => (
          <textarea
            {...control}
            {...controlProps('message')}
            rows={6}
            required
            placeholder={CONTACT_FORM_PLACEHOLDERS.message}
            className={`${inputClasses} min-h-36 resize-y`}
          />
        )}
      </FormField>
    </>
  );
}

export function SpamTraps({ idPrefix, honeypotRef }: { idPrefix: string; honeypotRef: Ref<HTMLInputElement> }) {
  return (
    <>
      {/* Spam traps. Off-screen rather than display:none, which some bots skip; hidden from assistive tech and the tab order. */}
      <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${idPrefix}-hp`}>Leave this field empty</label>
        <input
          ref={honeypotRef}
          id={`${idPrefix}-hp`}
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {/* Without JavaScript the stamp comes with the page, as a stylesheet only such browsers load. */}
      <noscript>
        <link rel="stylesheet" href={CONTACT_FORM_STAMP_PATH} />
      </noscript>
    </>
  );
}
