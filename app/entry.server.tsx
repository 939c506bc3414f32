import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router';
import { IslandsServerContext, type IslandsEntry, type IslandsServer } from '#app/islands/islands-context.ts';
import { NonceContext } from '#app/lib/nonce.ts';
import { fromContext, serverContext } from '#app/lib/server-context.server.ts';

// server/http/pages.ts sets the request's context through this key (see server-context.server.ts).
export { serverContext };

export const streamTimeout = 5_000;

/** Islands are small and synchronous: each is rendered to a string, as a root of its own (app/islands/island.tsx). */
const islandsServer = (entry: IslandsEntry | undefined): IslandsServer | null =>
  entry ? { entry, render: (island, identifierPrefix) => renderToString(island, { identifierPrefix }) } : null;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  context: RouterContextProvider,
) {
  const loadContext = fromContext(context);
  // Crawlers, link unfurlers, SPA-mode and pages made for the shared cache get the whole document at
  // once (no content waiting in a hidden block for a script to move it); browsers get it streamed.
  const whole = loadContext.wholeDocument || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  const readyEvent = whole ? 'onAllReady' : 'onShellReady';
  const nonce = loadContext.cspNonce;
  if (loadContext.faults?.databaseUnavailable) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', String(loadContext.faults.retryAfterSeconds));
    responseHeaders.set('Cache-Control', 'no-store');
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <IslandsServerContext.Provider value={islandsServer(loadContext.islandsEntry)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandsServerContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Loader and action errors end here, not in Express's error handler. A database that cannot serve
 * marks the request so handleRequest answers 503 with Retry-After; everything else is logged with
 * the request id. An aborted request (the visitor left) and an unknown page (a 404 answer) are not
 * errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  let loadContext;
  try {
    loadContext = fromContext(context);
  } catch {
    // A render without the server's context (a test harness): nothing to log with.
    console.error(error);
    return;
  }
  const { logger } = loadContext.services;
  if (loadContext.faults.isDatabaseUnavailable(error)) {
    loadContext.faults.databaseUnavailable = true;
    logger.warn({ err: error, requestId: loadContext.requestId }, 'database unavailable while rendering a page');
    return;
  }
  logger.error({ err: error, requestId: loadContext.requestId }, 'page error');
};
