import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD } from '#common/contact.ts';
import { NEWSLETTER_ACCEPTED, NEWSLETTER_TOKEN } from '#common/newsletter.ts';
import { NEWSLETTER_CLOSED } from '#server/api/newsletter.ts';
import { contactRateLimitMessage } from '#server/contact/messages.ts';
import { confirmNewsletter, signUpForNewsletter, unsubscribeNewsletter } from '#server/contact/newsletter.ts';
import { formStampFrom } from '#server/cookies/form-stamp.ts';
import { retryAfter } from '#server/http/refusals.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/*
 * The newsletter's pages (decision 118): `/newsletter`, where the footer's form posts without
 * JavaScript (and the sign-up on its own), and the two links of its e-mails.
 */

export type SignUpAnswer = { status: 'accepted'; message: string } | { status: 'refused'; message: string; email: string };

export async function newsletterPageLoader({ context }: LoaderFunctionArgs) {
  const { newsletter } = await fromContext(context).services.site.siteContent.current();
  if (!newsletter.enabled) throw data({ message: NEWSLETTER_CLOSED }, { status: 404 });
  const { enabled: _enabled, ...words } = newsletter;
  return words;
}

export async function newsletterPageAction({ request, context }: ActionFunctionArgs) {
  const { services, clientIp, publicUrl } = fromContext(context);
  if (!(await services.site.siteContent.current()).newsletter.enabled) throw data({ message: NEWSLETTER_CLOSED }, { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const body = {
    email: text('email'),
    [CONTACT_HONEYPOT_FIELD]: text(CONTACT_HONEYPOT_FIELD),
    [CONTACT_FORM_TOKEN_FIELD]: text(CONTACT_FORM_TOKEN_FIELD),
  };
  const outcome = await signUpForNewsletter(services, {
    body,
    ip: clientIp,
    formStamp: formStampFrom(request.headers.get('cookie')),
    publicUrl,
  });
  const email = (text('email') ?? '').slice(0, 254);
  if (outcome.kind === 'invalid')
    return data<SignUpAnswer>({ status: 'refused', message: 'Please enter a valid email address', email }, { status: 400 });
  if (outcome.kind === 'rate-limited') {
    const wait = outcome.retryAfterSeconds;
    return data<SignUpAnswer>(
      { status: 'refused', message: contactRateLimitMessage(wait), email },
      { status: 429, headers: retryAfter(wait) },
    );
  }
  return data<SignUpAnswer>({ status: 'accepted', message: NEWSLETTER_ACCEPTED });
}

export type LinkPage = { kind: 'done'; email: string; unsubscribe: string } | { kind: 'not-found' };

function tokenOf(params: LoaderFunctionArgs['params']): string | null {
  const token = String(params.token ?? '');
  return NEWSLETTER_TOKEN.test(token) ? token : null;
}

/** `GET /newsletter/confirm/{token}`: the double opt-in's second step. A used link is not valid any more. */
export async function confirmPageLoader({ params, context }: LoaderFunctionArgs) {
  const token = tokenOf(params);
  const outcome = token ? await confirmNewsletter(fromContext(context).services.db, token) : ({ kind: 'not-found' } as const);
  if (outcome.kind === 'not-found') return data<LinkPage>({ kind: 'not-found' }, { status: 404 });
  return data<LinkPage>({ kind: 'done', email: outcome.email, unsubscribe: `/newsletter/unsubscribe/${outcome.unsubscribeToken}` });
}

/** `GET /newsletter/unsubscribe/{token}`: one click, off the list (decision 118 says why a GET may do it here). */
export async function unsubscribePageLoader({ params, context }: LoaderFunctionArgs) {
  const token = tokenOf(params);
  const outcome = token ? await unsubscribeNewsletter(fromContext(context).services.db, token) : ({ kind: 'not-found' } as const);
  if (outcome.kind === 'not-found') return data<LinkPage>({ kind: 'not-found' }, { status: 404 });
  return data<LinkPage>({ kind: 'done', email: outcome.email, unsubscribe: '' });
}
