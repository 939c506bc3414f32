import { data, type ActionFunctionArgs } from 'react-router';
import { CONTACT_FIELDS, CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD, type ContactFieldErrors } from '#common/contact.ts';
import { CONTACT_FAILURE_FALLBACK } from '#app/content/contact-form.ts';
import { contactRefusal } from '#server/api/contact-refusals.ts';
import { formStampFrom } from '#server/cookies/form-stamp.ts';
import { receiveContactSubmission } from '#server/contact/receive-submission.ts';
import { headersOf } from '#server/insights/goals.ts';
import { EMPTY_CONTACT_FORM, type ContactFormValues } from './contact-form-values.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

export type ContactActionData =
  { status: 'sent' } | { status: 'error'; message: string; errors: ContactFieldErrors; values: ContactFormValues };

/**
 * The contact form without JavaScript: a plain form post to the page (home or /contact), judged by
 * the same pipeline as POST /api/contact. The page re-renders with the errors or the confirmation.
 */
export async function contactPageAction({ request, context }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ContactActionData>(
      { status: 'error', message: CONTACT_FAILURE_FALLBACK, errors: {}, values: EMPTY_CONTACT_FORM },
      { status: 400 },
    );
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const body = Object.fromEntries([...CONTACT_FIELDS, CONTACT_HONEYPOT_FIELD, CONTACT_FORM_TOKEN_FIELD].map((name) => [name, text(name)]));
  const values: ContactFormValues = {
    name: text('name') ?? '',
    email: text('email') ?? '',
    phone: text('phone') ?? '',
    message: text('message') ?? '',
  };

  const formStamp = formStampFrom(request.headers.get('cookie'));
  const outcome = await receiveContactSubmission(fromContext(context).services, { body, ip: fromContext(context).clientIp, formStamp });
  switch (outcome.kind) {
    case 'invalid':
    case 'rate-limited': {
      // The API's status and words (server/api/contact-refusals.ts), with what was typed.
      const refused = contactRefusal(outcome);
      return data<ContactActionData>(
        { status: 'error', message: refused.message, errors: refused.errors ?? {}, values },
        { status: refused.status, headers: refused.headers },
      );
    }
    case 'stored':
      // A goal of the visit (decision 113); spam is answered alike but reaches none.
      fromContext(context).services.insights.recordGoal('contact_sent', {
        headers: headersOf(request.headers),
        address: fromContext(context).clientIp,
      });
      return data<ContactActionData>({ status: 'sent' });
    case 'spam':
      return data<ContactActionData>({ status: 'sent' });
  }
}
