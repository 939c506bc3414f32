import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseEncoding, matchesStoredTag } from './negotiate.ts';
import { etagFor, type StoredResponse } from './stored-response.ts';

/**
 * Writes a stored answer: 304 when the client's copy is current, else the best encoding it takes.
 * Headers set earlier on the response (security headers, request id) stay; the stored ones win.
 */
export function sendStored(req: IncomingMessage, res: ServerResponse, stored: StoredResponse): void {
  for (const [name, value] of stored.headers) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(req.headers['accept-encoding'], stored.bodies);
  res.setHeader('ETag', etagFor(stored.tag, encoding));
  if (stored.status === 200 && matchesStoredTag(req.headers['if-none-match'], stored.tag)) {
    res.removeHeader('Content-Type');
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = stored.bodies[encoding] ?? stored.bodies.identity!;
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.statusCode = stored.status;
  res.end(req.method === 'HEAD' ? undefined : body);
}
