import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { redactUrlSecrets, serializeError, type Logger } from '#server/logger.ts';

const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

/**
 * Every log line of a request carries its id; a well-formed incoming X-Request-Id is kept for tracing.
 * The URL is logged with every capability token redacted (redactUrlSecrets: reset and sign-in tokens,
 * upload signatures, the token segment of review, booking and calendar links).
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      return 'info';
    },
    // Health checks and metrics scrapes come every few seconds and would drown the lines worth reading.
    autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') === true || req.url === '/healthz' || req.url === '/metrics' },
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: typeof req.url === 'string' ? redactUrlSecrets(req.url) : req.url }),
      res: (res) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
  });
}
