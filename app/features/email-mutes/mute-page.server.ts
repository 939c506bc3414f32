import { data, type LoaderFunctionArgs } from 'react-router';
import type { EmailMuteView } from '#common/email-mutes.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/*
 * `/mute/{token}`: the page behind a project e-mail's mute link (decision 102). It only shows: the
 * project, whose link it is, muted or not, and one button. The button's post (and a mail app's
 * one-click post) is answered by the server's mute route (server/api/email-mutes.ts), which comes
 * back here; a GET changes nothing, as link scanners open every link of a message.
 */

export type MutePage = { kind: 'not-found' } | ({ kind: 'found' } & EmailMuteView);

export async function mutePageLoader({ params, context }: LoaderFunctionArgs) {
  const outcome = await fromContext(context).services.projects.emailMutes.view(String(params.token));
  if (outcome.kind === 'not-found') return data<MutePage>({ kind: 'not-found' }, { status: 404 });
  return data<MutePage>({ kind: 'found', ...outcome.view });
}
