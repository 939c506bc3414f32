import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useActionData } from 'react-router';
import { PORTAL_MESSAGES } from '#common/projects.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import type { SignInActionData } from './portal-pages.server.ts';

type Result = { status: 'sent'; message: string } | { status: 'invalid'; message: string } | { status: 'failed'; message: string };

/** Where the form posts without JavaScript: /portal's action runs the same sign-in request as the API. */
export const SIGN_IN_ACTION = '/portal';

/**
 * Asks for a sign-in link. With JavaScript it posts JSON to /api/portal/sign-in; without, the form
 * posts to /portal, whose action does the same. Either way the answer is the same words for any address.
 */
export function SignInForm({ linkInvalid = false }: { linkInvalid?: boolean }) {
  const fromAction = useActionData<SignInActionData>();
  const [result, setResult] = useState<Result | null>(fromAction ?? null);
  const [email, setEmail] = useState(fromAction?.status === 'invalid' ? fromAction.email : '');
  const [sending, setSending] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    const answer = await api<{ message: string }>('POST', '/api/portal/sign-in', { email });
    setSending(false);
    if (answer.ok) setResult({ status: 'sent', message: answer.data.message || PORTAL_MESSAGES.signInLinkSent });
    else if (answer.status === 400)
      setResult({ status: 'invalid', message: answer.errors.email?.[0] ?? answer.serverMessage ?? 'Enter a valid e-mail address' });
    else
      setResult({ status: 'failed', message: answer.serverMessage ?? 'We could not send a link just now. Please try again in a moment.' });
  }

  const invalid = result?.status === 'invalid' ? result.message : undefined;
  return (
    <div className="grid gap-5">
      {linkInvalid && result?.status !== 'sent' ? (
        <p role="alert" className="flex gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4 text-sm text-fg">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
          {PORTAL_MESSAGES.linkInvalid}
        </p>
      ) : null}
      {result?.status === 'sent' ? (
        <p role="status" className="flex gap-3 rounded-xl border border-success/40 bg-success/10 p-4 text-sm text-fg">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          {result.message}
        </p>
      ) : null}
      {result?.status === 'failed' ? (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger-surface p-4 text-sm text-fg">
          {result.message}
        </p>
      ) : null}
      <form method="post" action={SIGN_IN_ACTION} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        <TextField
          id={`${id}-email`}
          name="email"
          type="email"
          label="Your e-mail address"
          hint="The address the studio has for your project."
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={invalid}
        />
        <Button type="submit" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
          {sending ? 'Sending…' : 'Send me a sign-in link'}
        </Button>
      </form>
    </div>
  );
}
