import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD } from '#common/contact-fields.ts';
import { PROJECT_REQUEST_LIMITS } from '#common/project-requests.ts';
import { projectRequestAnswer, projectRequestRefusal } from '#server/api/project-requests.ts';
import { formStampFrom } from '#server/cookies/form-stamp.ts';
import { startPackagesOf } from '#server/proposals/project-requests.ts';
import { fromContext } from '#app/lib/server-context.server.ts';
import type { StartFormResult, StartFormValues } from './start-form-result.ts';

/*
 * `/start`: a project started from the site (decision 115). The package is a step in the address
 * (`?package=standard`, links that work without JavaScript); the rest is one form, posted as JSON to
 * POST /api/project-requests by the page's script or, without it, to this page's action, which runs
 * the same request: asked, the page answers with the confirmation; booked at once, it redirects to
 * the proposal's page to sign and pay.
 */

export async function startPageLoader({ request, context }: LoaderFunctionArgs) {
  const site = await fromContext(context).services.site.siteContent.current();
  const packages = startPackagesOf(site);
  const wanted = new URL(request.url).searchParams.get('package');
  const chosen = packages.find((pkg) => pkg.key === wanted) ?? packages[0]!;
  return {
    packages,
    chosenKey: chosen.key,
    depositPercent: site.billing.depositPercent,
    currency: site.billing.currency,
    limits: PROJECT_REQUEST_LIMITS,
  };
}

const wholeNumber = (value: string | undefined) => (value !== undefined && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value);

export async function startPageAction({ request, context }: ActionFunctionArgs) {
  const { services, clientIp } = fromContext(context);
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const extras = form.getAll('extras').filter((value): value is string => typeof value === 'string');
  const values: StartFormValues = {
    songs: text('songs') ?? '1',
    extras,
    name: text('name') ?? '',
    email: text('email') ?? '',
    note: text('note') ?? '',
  };
  const body = {
    packageKey: text('packageKey'),
    songs: wholeNumber(text('songs')),
    extras,
    name: text('name'),
    email: text('email'),
    note: text('note'),
    [CONTACT_HONEYPOT_FIELD]: text(CONTACT_HONEYPOT_FIELD),
    [CONTACT_FORM_TOKEN_FIELD]: text(CONTACT_FORM_TOKEN_FIELD),
  };
  const outcome = await services.proposals.requestProject({ body, ip: clientIp, formStamp: formStampFrom(request.headers.get('cookie')) });
  if (outcome.kind === 'invalid' || outcome.kind === 'rate-limited') {
    const refused = projectRequestRefusal(outcome);
    return data<StartFormResult>(
      { status: 'refused', message: refused.message, errors: refused.errors ?? {}, values },
      { status: refused.status, headers: refused.headers },
    );
  }
  const answer = projectRequestAnswer(outcome);
  // Booked at once: on to the proposal's own page (its path: the studio's address may differ from this request's).
  if (answer.kind === 'instant') return redirect(new URL(answer.url).pathname);
  return data<StartFormResult>({ status: 'requested', answer });
}
