import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { formatMoney } from '#common/billing/money.ts';
import { quoteProjectRequest, type ProjectRequestAnswer, type StartPackage } from '#common/project-requests.ts';
import { CONTACT_HONEYPOT_FIELD } from '#common/contact-fields.ts';
import type { FieldErrors } from '#common/validation.ts';
import { SpamTraps } from '#app/features/contact/contact-form-parts.tsx';
import { stampFormOpened } from '#app/features/contact/stamp-form-opened.ts';
import type { StartFormResult, StartFormValues } from './start-form-result.ts';
import { ExtrasChoice, RequestedNotice, RefusedNotice, StartSums } from './start-form-parts.tsx';

export interface StartFormProps {
  pkg: StartPackage;
  depositPercent: number;
  currency: string;
  limits: { name: number; note: number; songs: number };
  /** Where the form posts without JavaScript: the page itself, with its package step. */
  formAction: string;
  serverResult: StartFormResult | null;
}

const EMPTY: StartFormValues = { songs: '1', extras: [], name: '', email: '', note: '' };

/**
 * The start page's form (an island): the songs, the package's extras, the visitor's details. Without
 * JavaScript a plain form post to the page; with it, the total follows each change (the server's own
 * sums, common/project-requests.ts) and the request goes to POST /api/project-requests.
 */
export function StartForm({ pkg, depositPercent, currency, limits, formAction, serverResult }: StartFormProps) {
  const ids = useId();
  const refused = serverResult?.status === 'refused' ? serverResult : null;
  const [values, setValues] = useState<StartFormValues>(refused?.values ?? EMPTY);
  const [errors, setErrors] = useState<FieldErrors>(refused?.errors ?? {});
  const [message, setMessage] = useState<string | null>(refused?.message ?? null);
  const [requested, setRequested] = useState<Extract<ProjectRequestAnswer, { kind: 'requested' }> | null>(
    serverResult?.status === 'requested' ? serverResult.answer : null,
  );
  const [sending, setSending] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);

  const songs = Number(values.songs);
  const validSongs = Number.isInteger(songs) && songs >= 1 && songs <= limits.songs;
  const quoted = quoteProjectRequest(pkg, { songs: validSongs ? songs : 1, extras: values.extras }, depositPercent);
  const quote = quoted.kind === 'quote' ? quoted.quote : null;
  const set = (field: keyof StartFormValues) => (value: string | string[]) => setValues((now) => ({ ...now, [field]: value }));
  const errorOf = (field: string) => errors[field]?.[0];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setMessage(null);
    const answer = await api<ProjectRequestAnswer>('POST', '/api/project-requests', {
      packageKey: pkg.key,
      songs: validSongs ? songs : values.songs,
      extras: values.extras,
      name: values.name,
      email: values.email,
      note: values.note,
      [CONTACT_HONEYPOT_FIELD]: honeypot.current?.value ?? '',
    });
    if (answer.ok) {
      const done = answer.data;
      // Booked at once: on to the proposal's page to sign and pay; asked: the confirmation in place.
      if (done.kind === 'instant') window.location.assign(new URL(done.url).pathname);
      else setRequested(done);
      return;
    }
    setSending(false);
    setErrors(answer.errors);
    setMessage(answer.serverMessage ?? 'The request could not be sent just now. Please try again in a moment.');
  }

  if (requested) return <RequestedNotice answer={requested} />;

  return (
    <form
      method="post"
      action={formAction}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={stampFormOpened}
      aria-busy={sending}
      className="grid gap-6"
      data-testid="start-form"
    >
      {message ? <RefusedNotice message={message} /> : null}
      <input type="hidden" name="packageKey" value={pkg.key} />
      <FormField
        id={`${ids}-songs`}
        label="How many songs?"
        error={errorOf('songs')}
        hint={`${formatMoney(pkg.price * 100, currency)} ${pkg.priceNote || 'per song'}`}
      >
        {(control) => (
          <input
            {...control}
            name="songs"
            type="number"
            inputMode="numeric"
            min={1}
            max={limits.songs}
            step={1}
            required
            value={values.songs}
            onChange={(event) => set('songs')(event.target.value)}
            className={`${inputClasses} max-w-40`}
          />
        )}
      </FormField>
      <ExtrasChoice
        id={`${ids}-extras`}
        extras={pkg.extras}
        currency={currency}
        chosen={values.extras}
        onChange={set('extras')}
        error={errorOf('extras')}
      />
      {quote ? <StartSums quote={quote} currency={currency} instant={pkg.instantBooking} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${ids}-name`} label="Your name" error={errorOf('name')}>
          {(control) => (
            <input
              {...control}
              name="name"
              autoComplete="name"
              required
              maxLength={limits.name}
              value={values.name}
              onChange={(event) => set('name')(event.target.value)}
              className={inputClasses}
            />
          )}
        </FormField>
        <FormField id={`${ids}-email`} label="E-mail" error={errorOf('email')}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(event) => set('email')(event.target.value)}
              className={inputClasses}
            />
          )}
        </FormField>
      </div>
      <FormField
        id={`${ids}-note`}
        label="Anything we should know? (optional)"
        error={errorOf('note')}
        hint="Your songs, your deadline, links."
      >
        {(control) => (
          <textarea
            {...control}
            name="note"
            rows={4}
            maxLength={limits.note}
            value={values.note}
            onChange={(event) => set('note')(event.target.value)}
            className={`${inputClasses} min-h-28 resize-y`}
          />
        )}
      </FormField>
      <SpamTraps idPrefix={ids} honeypotRef={honeypot} />
      <div>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? 'Sending…' : pkg.instantBooking ? 'Continue to sign and pay' : 'Request my proposal'}
        </Button>
      </div>
    </form>
  );
}
