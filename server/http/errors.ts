import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';
import type { Logger } from '#server/logger.ts';

/** A client mistake with a status and a message safe to show; anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More fields of the answer's body besides `message` and `errors` (a 402's amount due). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

function fromBodyParser(error: BodyParserError): HttpError | null {
  switch (error.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'Malformed JSON body');
    case 'entity.too.large':
      return new HttpError(413, 'Request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'Unsupported body encoding');
    case 'request.aborted':
      return new HttpError(400, 'Request was aborted');
    default:
      // Other http-errors from Express middleware (e.g. static files): keep their status, say it plainly.
      return error.status && error.status >= 400 && error.status < 500
        ? new HttpError(error.status, STATUS_CODES[error.status] ?? 'Bad request')
        : null;
  }
}

const DATABASE_UNAVAILABLE_MESSAGE = 'The site cannot reach its database right now. Please try again in a moment.';

/** Tells errors that mean "the database cannot serve right now" (server/db/unavailable-error.ts, passed in by app.ts). */
export interface UnavailableErrors {
  matches(error: unknown): boolean;
  retryAfterSeconds: number;
}

/**
 * The database is down, unreachable, timed out or cannot write: nothing the client did wrong and
 * nothing to fix in code, so 503 with Retry-After. API callers get JSON; a browser asking for a page
 * gets a small page in the site's name (no scripts, no database needed).
 */
function answerDatabaseUnavailable(req: Request, res: Response, retryAfterSeconds: number): void {
  res.status(503).set({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' });
  if (req.originalUrl.startsWith('/api/') || !req.accepts('html')) {
    res.json({ message: DATABASE_UNAVAILABLE_MESSAGE });
    return;
  }
  res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Back in a moment | ${DEFAULT_STUDIO.name}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 20vh auto; padding: 0 1.5rem; line-height: 1.5">
<h1>Back in a moment</h1><p>${DATABASE_UNAVAILABLE_MESSAGE}</p><p><a href="/">${DEFAULT_STUDIO.name}</a></p>
</body></html>`);
}

const STORE_FULL_MESSAGE = 'The server has no room to store files right now. Please try again later.';

/**
 * Answers every unhandled error as JSON `{message, errors?}`; never a stack trace, a 500 only for our
 * faults. `storeFull` tells a store whose disk is full or read-only (server/storage/store-faults.ts):
 * 503 with Retry-After, like a database that cannot serve.
 */
export function errorHandler(logger: Logger, unavailable?: UnavailableErrors, storeFull?: UnavailableErrors): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof HttpError ? error : fromBodyParser(error as BodyParserError);
    if (res.headersSent) {
      req.log?.error({ err: error }, 'error after response started');
      res.destroy();
      return;
    }
    if (!known && storeFull?.matches(error)) {
      // The operator must free space: an error in the log, not a warning.
      (req.log ?? logger).error({ err: error, requestId: req.id }, 'the object store is full or read-only');
      res.status(503).set({ 'Retry-After': String(storeFull.retryAfterSeconds), 'Cache-Control': 'no-store' });
      res.json({ message: STORE_FULL_MESSAGE });
      return;
    }
    if (!known && unavailable?.matches(error)) {
      (req.log ?? logger).warn({ err: error, requestId: req.id }, 'database unavailable');
      answerDatabaseUnavailable(req, res, unavailable.retryAfterSeconds);
      return;
    }
    if (known) {
      if (known.headers) res.set(known.headers);
      res.status(known.status).json({ ...known.extra, message: known.message, ...(known.errors ? { errors: known.errors } : {}) });
      return;
    }
    (req.log ?? logger).error({ err: error, requestId: req.id }, 'unhandled error');
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.', requestId: req.id });
  };
}

/** Unknown API paths answer JSON, not the HTML 404 page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' });
};

/** Wraps a router so a path it knows but a method it does not gets 405 with an Allow header. */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  return (_req, res) => {
    res.set('Allow', allowed.join(', ')).status(405).json({ message: 'Method not allowed' });
  };
}
