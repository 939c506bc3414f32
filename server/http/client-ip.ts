import type { Request } from 'express';

/**
 * The client's address, the one value every per-address limit keys on. Express reads it from
 * X-Forwarded-For only when the connection comes from a proxy TRUST_PROXY lists: from anyone else a
 * forged header cannot pick another bucket (decision 043). An IPv4 client reached over an IPv6
 * socket (`::ffff:203.0.113.9`) is the same client as `203.0.113.9`.
 */
export function clientIp(req: Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address) ? address.slice(7) : address;
}
