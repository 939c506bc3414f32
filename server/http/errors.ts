import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '#server/logger.ts';

/** A client mistake with a status and a message safe to show; anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);

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

/** Answers every unhandled error as JSON `{message, errors?}`; never a stack trace, a 500 only for our faults. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof HttpError ? error : fromBodyParser(error as BodyParserError);
    if (res.headersSent) {
      req.log?.error({ err: error }, 'error after response started');
      res.destroy();
      return;
    }
    if (known) {
      if (known.headers) res.set(known.headers);
      res.status(known.status).json({ message: known.message, ...(known.errors ? { errors: known.errors } : {}) });
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
