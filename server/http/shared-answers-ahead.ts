import type { RequestListener } from 'node:http';
import { parse, type ParsedUrlQuery } from 'node:querystring';
import { aheadRouteLabel, beginAhead, recordAhead, type AheadBookkeeping } from './ahead-of-express.ts';
import type { SessionCookieProbe } from './public-cache/serve-public-hits.ts';
import { hasUsableHost } from './request-guards.ts';
import { sendSharedJson } from './shared-json.ts';

/** A GET answered in front of Express when its answer is one many visitors share (the slot list of a minute). */
export interface SharedAnswerRoute {
  /** The path answered, exactly; any other spelling goes to the stack, which answers it the same. */
  path: string;
  /** The shared answer for this query, or undefined when the stack must answer (a refusal, an unknown type). */
  answer(query: ParsedUrlQuery): Promise<object | undefined>;
  cacheControl: string;
}

export interface SharedAnswersOptions extends AheadBookkeeping {
  routes: readonly SharedAnswerRoute[];
  hasSessionCookie: SessionCookieProbe;
  /** The policy a shared answer carries: it runs no script, so it names none. */
  contentSecurityPolicy: string;
}

/*
 * The slot list is asked by every visitor of /book and changes with each booking, so it cannot be
 * stored like a page; its answer is already shared (the booking's slot cache, its bytes made once in
 * shared-json.ts), and what remained was Express's routing, logger and middleware around it: four
 * visitors loading slots made `/` 2.5 times slower (issue 42). Here the answer is looked up and written
 * without the stack; everything else (a refusal, an error, the database being down, a session) goes
 * to the stack, which answers it as it always has. The query is read as Express reads it
 * (`node:querystring`, Express 5's simple parser), so a repeated key is an array here too.
 */
export function serveSharedAnswersAhead(options: SharedAnswersOptions, stack: RequestListener): RequestListener {
  const routes = new Map(options.routes.map((route) => [route.path, route]));
  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || options.hasSessionCookie(req) || !hasUsableHost(req)) return stack(req, res);
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const route = routes.get(path);
    if (!route) return stack(req, res);
    route.answer(parse(queryAt < 0 ? '' : url.slice(queryAt + 1))).then(
      (answer) => {
        if (!answer) return stack(req, res);
        const started = beginAhead(req, res, options);
        res.setHeader('Content-Security-Policy', options.contentSecurityPolicy);
        res.setHeader('Cache-Control', route.cacheControl);
        sendSharedJson(req, res, answer);
        recordAhead(req, res, aheadRouteLabel(path), started, options);
      },
      // The stack meets the same fault and answers it as its error handler does (a 503 for a database away).
      () => stack(req, res),
    );
  };
}
