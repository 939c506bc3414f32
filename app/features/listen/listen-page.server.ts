import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { TrackView } from '#common/review.ts';
import { unlockRefusal } from '#server/api/review-link-refusals.ts';
import { listenerCookieHeader, listenerCookieReader } from '#server/projects/review-links/listener-cookie.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

export type ListenPageData =
  | { kind: 'gone' }
  | { kind: 'locked'; message: string | null }
  | { kind: 'open'; token: string; studioName: string; track: TrackView; watermarked: boolean };

const gone = () => data<ListenPageData>({ kind: 'gone' }, { status: 404 });
const isSecure = (request: Request) => new URL(request.url).protocol === 'https:';
const cookiesOf = (request: Request) =>
  listenerCookieReader({ headers: { cookie: request.headers.get('cookie') ?? undefined } }, isSecure(request));
const visitorOf = (request: Request, clientIp: string) => ({ ip: clientIp, userAgent: request.headers.get('user-agent') ?? '' });

/**
 * `/listen/:token`: a review link's page (decision 082). Gone (unknown, expired or revoked: one answer
 * for all three), its password form, or the track to listen to; a first visit gets the link's cookie.
 */
export async function listenLoader({ params, request, context }: LoaderFunctionArgs) {
  const { services, clientIp } = fromContext(context);
  const token = params.token ?? '';
  const page = await services.projects.reviewLinks.page(token, cookiesOf(request), visitorOf(request, clientIp));
  switch (page.kind) {
    case 'gone':
      return gone();
    case 'locked':
      return data<ListenPageData>({ kind: 'locked', message: null }, { status: 401 });
    case 'open': {
      const headers = page.cookie ? { 'Set-Cookie': listenerCookieHeader(page.cookie, isSecure(request)) } : undefined;
      return data<ListenPageData>(
        { kind: 'open', token, studioName: page.studioName, track: page.track, watermarked: page.watermarked },
        { headers },
      );
    }
  }
}

/** The password form, with or without JavaScript: right goes back to the page with the link's cookie set. */
export async function listenAction({ params, request, context }: ActionFunctionArgs) {
  const { services, clientIp } = fromContext(context);
  const token = params.token ?? '';
  let password = '';
  try {
    const value = (await request.formData()).get('password');
    password = typeof value === 'string' ? value : '';
  } catch {
    // An unreadable body is answered like an empty password.
  }
  if (password.length === 0 || password.length > 200) {
    return data<ListenPageData>({ kind: 'locked', message: 'Enter the password the studio gave you.' }, { status: 400 });
  }
  const outcome = await services.projects.reviewLinks.unlock(token, password, visitorOf(request, clientIp));
  if (outcome.kind === 'unlocked')
    return redirect(`/listen/${token}`, { headers: { 'Set-Cookie': listenerCookieHeader(outcome.cookie, isSecure(request)) } });
  if (outcome.kind === 'gone') return gone();
  // The API's status and words (server/api/review-link-refusals.ts), on the password form.
  const refused = unlockRefusal(outcome);
  return data<ListenPageData>({ kind: 'locked', message: refused.message }, { status: refused.status, headers: refused.headers });
}
