import type { Request } from 'express';

/**
 * The client's address, the one value every per-address limit keys on. Express honours
 * TRUST_PROXY here: without it a forged X-Forwarded-For cannot pick another bucket.
 */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
