import type { AddressInfo } from 'node:net';

const WILDCARDS = new Set(['0.0.0.0', '::']);

/**
 * The address the server really listens on, for the start-up line: a URL to open when it is one
 * interface, and the wildcard plus a local URL when it is every interface (HOST=0.0.0.0 or ::).
 */
export function describeListenAddress({ address, family, port }: AddressInfo): string {
  const host = family === 'IPv6' ? `[${address}]` : address;
  if (WILDCARDS.has(address)) return `listening on ${host}:${port} (every interface; open http://localhost:${port})`;
  return `listening on http://${host}:${port}`;
}
