import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Express, Request } from 'express';

/**
 * The client's address, the one value every per-address limit keys on. Express reads it from
 * X-Forwarded-For only when the connection comes from a proxy TRUST_PROXY lists: from anyone else a
 * forged header cannot pick another bucket (decision 043). An IPv4 client reached over an IPv6
 * socket (`::ffff:203.0.113.9`) is the same client as `203.0.113.9`.
 */
export function clientIp(req: Request): string {
  return withoutIpv4Mapping(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

const withoutIpv4Mapping = (address: string) => (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address) ? address.slice(7) : address);

type TrustProxy = (address: string | undefined, hop: number) => boolean;

/**
 * `req.secure` for a request Express has not seen (server/http/public-cache answers before it): the
 * same rule, from the same compiled TRUST_PROXY function. TLS on the socket, unless a trusted proxy
 * says otherwise in X-Forwarded-Proto (its first value).
 */
export function secureAsExpressJudges(app: Express): (req: IncomingMessage) => boolean {
  return (req) => {
    const proto = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    const trust = app.get('trust proxy fn') as TrustProxy;
    if (!trust(req.socket.remoteAddress, 0)) return proto === 'https';
    const header = req.headers['x-forwarded-proto'];
    const forwarded = (typeof header === 'string' && header) || proto;
    return forwarded.split(',')[0]!.trim() === 'https';
  };
}

/**
 * The client's address for a request Express has not seen (the tap in front of the page cache): the
 * same rule as `req.ip`, from the same compiled TRUST_PROXY function, walking X-Forwarded-For from
 * the nearest hop while each hop is trusted.
 */
export function clientIpAsExpressJudges(app: Express): (req: IncomingMessage) => string {
  return (req) => {
    const trust = app.get('trust proxy fn') as TrustProxy;
    const header = req.headers['x-forwarded-for'];
    const forwarded =
      typeof header === 'string'
        ? header
            .split(',')
            .map((hop) => hop.trim())
            .reverse()
        : [];
    const hops = [req.socket.remoteAddress ?? 'unknown', ...forwarded];
    let index = 0;
    while (index < hops.length - 1 && trust(hops[index], index)) index += 1;
    return withoutIpv4Mapping(hops[index]!);
  };
}
