import type { AddressInfo } from 'node:net';

const WILDCARDS = new Set(['0.0.0.0', '::']);

/** Whether the server listens on every interface (HOST=0.0.0.0 or ::), as in the container. */
export const onEveryInterface = ({ address }: AddressInfo) => WILDCARDS.has(address);

/** The address to open on this machine: a wildcard listens on localhost too. */
export function localUrl(listening: AddressInfo): string {
  const { address, family, port } = listening;
  if (onEveryInterface(listening)) return `http://localhost:${port}`;
  return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
}

/**
 * The address the server really listens on, for the start-up line: a URL to open when it is one
 * interface, and the wildcard plus a local URL when it is every interface (HOST=0.0.0.0 or ::).
 */
export function describeListenAddress(listening: AddressInfo): string {
  const { address, family, port } = listening;
  if (!onEveryInterface(listening)) return `listening on ${localUrl(listening)}`;
  return `listening on ${family === 'IPv6' ? `[${address}]` : address}:${port} (every interface; open ${localUrl(listening)})`;
}
