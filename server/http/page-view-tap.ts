import type { IncomingMessage, RequestListener } from 'node:http';
import type { SessionCookieProbe } from './public-cache/serve-public-hits.ts';

/** What a finished GET looked like, for the visitor statistics to judge (server/insights decides what counts). */
export interface FinishedGet {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  address: string;
  status: number;
  contentType: string;
  at: Date;
}

/**
 * Outermost, in front of the page cache too: every visitor's GET is reported once it is answered, so a
 * page served from memory counts like a rendered one (decision 106). Requests carrying a session (the
 * owner, a signed-in client) are someone's own and not reported. The report is synchronous and cheap;
 * it must never throw into the response.
 */
export function tapFinishedGets(
  report: (request: FinishedGet) => void,
  addressOf: (req: IncomingMessage) => string,
  hasSessionCookie: SessionCookieProbe,
  stack: RequestListener,
): RequestListener {
  return (req, res) => {
    if (req.method === 'GET' && !hasSessionCookie(req)) {
      const at = new Date();
      res.once('finish', () => {
        try {
          const url = new URL(req.url ?? '/', 'http://site.invalid');
          const type = res.getHeader('content-type');
          report({
            path: url.pathname,
            query: url.searchParams,
            headers: req.headers,
            address: addressOf(req),
            status: res.statusCode,
            contentType: typeof type === 'string' ? type : '',
            at,
          });
        } catch {
          // A malformed address: nothing to count.
        }
      });
    }
    stack(req, res);
  };
}
