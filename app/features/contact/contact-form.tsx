import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ContactFieldErrors } from '#common/contact.ts';
import { CONTACT_FIELDS, CONTACT_HONEYPOT_FIELD, type ContactField as FieldName } from '#common/contact-fields.ts';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import {
  CONTACT_FAILURE_FALLBACK,
  CONTACT_FAILURE_TITLE,
  CONTACT_FORM_LABELS,
  contactSuccessMessage,
  CONTACT_SUCCESS_TITLE,
} from '#app/content/contact-form.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import type { ContactActionData } from './contact-action.server.ts';
import { ContactFields, ServerResultNotice, SpamTraps } from './contact-form-parts.tsx';
import { EMPTY_CONTACT_FORM, type ContactFormValues } from './contact-form-values.ts';
import { loadContactValidation } from './load-contact-validation.ts';
import { stampFormOpened } from './stamp-form-opened.ts';

/** The anchor a no-JavaScript post returns to, so the visitor lands on the errors or the confirmation. */
const FORM_ANCHOR = 'contact-form';

export interface ContactFormProps {
  /** The answer to a post made without JavaScript (the page's action), if this render follows one. */
  serverResult: ContactActionData | null;
  /** Where that post goes: the page's own action. */
  formAction: string;
  /** The studio's promised reply time, for the confirmation. */
  responseHours: number;
}

/**
 * The contact form of the home page (#contact) and /contact, an island. With JavaScript it validates
 * in the browser and posts JSON to /api/contact; without, it is a plain form post to the page's action
 * (contact-action.server.ts), which runs the same rules and answers with this form re-rendered.
 */
export function ContactForm({ serverResult, formAction, responseHours }: ContactFormProps) {
  const successMessage = contactSuccessMessage(responseHours);
  const idPrefix = useId();
  const ids = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, `${idPrefix}-${field}`])) as Record<FieldName, string>;

  const [values, setValues] = useState<ContactFormValues>(serverResult?.status === 'error' ? serverResult.values : EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<ContactFieldErrors>(serverResult?.status === 'error' ? serverResult.errors : {});
  // After a failed attempt, errors follow the typing, so a fixed field stops being marked at once.
  const [liveValidation, setLiveValidation] = useState(serverResult?.status === 'error');
  const [sending, setSending] = useState(false);
  const [showServerResult, setShowServerResult] = useState(true);
  const controls = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const honeypot = useRef<HTMLInputElement>(null);

  const focusFirstInvalid = (found: ContactFieldErrors) => {
    const first = CONTACT_FIELDS.find((field) => found[field]?.length);
    if (first) controls.current[first]?.focus();
  };

  // A post that went through without JavaScript (slow network) and came back with errors.
  useEffect(() => {
    if (serverResult?.status === 'error') focusFirstInvalid(serverResult.errors);
  }, [serverResult]);

  const onChange = (field: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (liveValidation) {
      void loadContactValidation().then(({ validateContactSubmission }) => {
        const result = validateContactSubmission(next);
        setErrors(result.success ? {} : result.errors);
      });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setShowServerResult(false);
    const { validateContactSubmission } = await loadContactValidation();
    const result = validateContactSubmission(values);
    if (!result.success) {
      setErrors(result.errors);
      setLiveValidation(true);
      focusFirstInvalid(result.errors);
      return;
    }
    setSending(true);
    const outcome = await api('POST', '/api/contact', {
      ...result.data,
      [CONTACT_HONEYPOT_FIELD]: honeypot.current?.value ?? '',
    });
    setSending(false);
    if (outcome.ok) {
      setValues(EMPTY_CONTACT_FORM);
      setErrors({});
      setLiveValidation(false);
      toast({ title: CONTACT_SUCCESS_TITLE, description: successMessage });
      return;
    }
    const fieldErrors: ContactFieldErrors = outcome.errors;
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) {
      setLiveValidation(true);
      focusFirstInvalid(fieldErrors);
    }
    // No answer, or one without words for the visitor: the form's own fallback says what to do.
    const message = outcome.serverMessage?.trim() ? outcome.serverMessage : CONTACT_FAILURE_FALLBACK;
    toast({ title: CONTACT_FAILURE_TITLE, description: message, variant: 'destructive' });
  };

  const errorOf = (field: FieldName) => errors[field]?.[0];
  const controlProps = (field: FieldName) => ({
    name: field,
    value: values[field],
    onChange: onChange(field),
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      controls.current[field] = element;
    },
    className: inputClasses,
  });

  return (
    <form
      id={FORM_ANCHOR}
      method="post"
      action={`${formAction}#${FORM_ANCHOR}`}
      noValidate
      onSubmit={onSubmit}
      // The first focus starts the form's timer (its stamp) and fetches the validation while the
      // visitor types, so it is there by the time they send.
      onFocus={() => {
        stampFormOpened();
        void loadContactValidation();
      }}
      aria-busy={sending}
      className="grid scroll-mt-24 gap-5"
    >
      {showServerResult && serverResult ? <ServerResultNotice result={serverResult} successMessage={successMessage} /> : null}

      <ContactFields ids={ids} errorOf={errorOf} controlProps={controlProps} />

      <SpamTraps idPrefix={idPrefix} honeypotRef={honeypot} />

      <div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? CONTACT_FORM_LABELS.sending : CONTACT_FORM_LABELS.submit}
        </Button>
      </div>
    </form>
  );
}
