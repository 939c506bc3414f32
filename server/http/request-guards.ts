import type { IncomingHttpHeaders, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { methodNotAllowed } from './errors.ts';

/** Every method some route of the site answers. Anything else (TRACE, PROPFIND...) is a 405 wherever it is sent. */
const SITE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Pages are read, and the contact form posts to its page without JavaScript. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** Lets the listed methods through; anything else is a 405 naming them in Allow. */
function onlyMethods(methods: readonly string[]): RequestHandler {
  const allowed = new Set(methods);
  const refuse = methodNotAllowed([...methods]);
  return (req, res, next) => (allowed.has(req.method) ? next() : refuse(req, res, next));
}

/** TRACE and friends never reach a route (React Router would throw on them: a 500). */
export const refuseUnknownMethods = onlyMethods(SITE_METHODS);

/** In front of the page handler: what reaches it must be a read or a form post. */
export const pageMethodsOnly = onlyMethods(PAGE_METHODS);

// A host name (letters, digits, dots, hyphens; underscores for container names) or a bracketed IPv6
// address, with an optional port. Nothing that could carry a path, credentials or spaces.
const HOST_PATTERN = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]{0,252}))(?::\d{1,5})?$/i;

/**
 * The pattern, and what the page handler will do with it: build a URL. Values the pattern lets
 * through but URL parsing refuses (port 70000, 999.999.999.999, `[:::]`, a bare `xn--`) are unusable too.
 */
const isHost = (value: string | undefined): boolean => value !== undefined && HOST_PATTERN.test(value) && URL.canParse(`http://${value}/`);

/** Probes build no URL, and some load balancers' health checks speak HTTP/1.0 without a Host. */
const HOSTLESS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Links, redirects and the page handler's request URL are built from the Host header (or a
 * forwarded host): without a usable one the request cannot be answered, so it is a 400. HTTP/1.1
 * requests without Host are refused by Node already; HTTP/1.0 ones and empty values arrive here.
 */
export const requireValidHost: RequestHandler = (req, res, next) => {
  if (HOSTLESS_PATHS.has(req.path) || hasUsableHost(req)) return next();
  res.status(400).json({ message: 'Missing or invalid Host header' });
};

/** A well-formed Host, and forwarded hosts (if any) that are well-formed too. */
export function hasUsableHost(req: { headers: IncomingHttpHeaders }): boolean {
  const forwarded = req.headers['x-forwarded-host'];
  const forwardedOk =
    forwarded === undefined || (typeof forwarded === 'string' && forwarded.split(',').every((host) => isHost(host.trim())));
  return isHost(req.headers.host) && forwardedOk;
}

// Node's own answers to a request it cannot parse (lib/_http_server.js), kept for every other error.
const PARSER_ERROR_STATUS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * What Node refuses before Express sees it: CONNECT (without a handler Node just drops the socket)
 * and methods its parser does not know (FOO: a bare 400). Both get a 405 with Allow, like TRACE.
 */
export function answerUnusableRequests(server: Server): void {
  const allow = `Allow: ${SITE_METHODS.join(', ')}`;
  const answer = (socket: Duplex, status: string, headers: string[] = []) => {
    // Only on a fresh socket: bytes after a response already under way would corrupt it.
    if (socket.writable && (socket as Duplex & { bytesWritten?: number }).bytesWritten === 0) {
      socket.write([`HTTP/1.1 ${status}`, ...headers, 'Content-Length: 0', 'Connection: close', '', ''].join('\r\n'));
    }
  };
  server.on('connect', (_req, socket: Duplex) => {
    answer(socket, '405 Method Not Allowed', [allow]);
    socket.end();
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const code = error.code ?? '';
    answer(
      socket,
      code === 'HPE_INVALID_METHOD' ? '405 Method Not Allowed' : (PARSER_ERROR_STATUS[code] ?? '400 Bad Request'),
      code === 'HPE_INVALID_METHOD' ? [allow] : [],
    );
    socket.destroy(error);
  });
}
