import { issueContactFormToken } from './form-token.ts';

/**
 * The contact form's timer without making pages unique. Public pages are the same bytes for every
 * visitor (so browsers and CDNs can cache them), so the page itself cannot carry the moment this
 * visitor opened the form. Instead the visitor's browser fetches a stamp: with JavaScript, when the
 * form is first focused; without, through a `<noscript>` stylesheet link beside the form. The stamp
 * is the signed time (server/cookies/form-token.ts) in a cookie that only this site's own posts
 * carry back; the minimum fill time is measured from it.
 */
export const FORM_STAMP_COOKIE = 'studio.form_stamp';
/** A day is ample to write a message; an older stamp is simply replaced by the next page's. */
const FORM_STAMP_MAX_AGE_S = 24 * 60 * 60;

export function formStampCookie(secret: string, secure: boolean, now = Date.now()): string {
  const attributes = [`Path=/`, `Max-Age=${FORM_STAMP_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return [`${FORM_STAMP_COOKIE}=${issueContactFormToken(secret, now)}`, ...attributes].join('; ');
}

/** The stamp in a Cookie header, if any (its signature is judged with the token, not here). */
export function formStampFrom(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === FORM_STAMP_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}
