import { createServer, type Server } from 'node:http';

export interface HttpTimeouts {
  /** A connection that sends and receives nothing this long is closed, whatever it is doing. */
  idleMs: number;
  /** The request line and headers must arrive within this (bounds slowloris clients). */
  headersMs: number;
  /** How long a kept-alive connection waits for its next request. */
  keepAliveMs: number;
}

/**
 * Idleness, not total duration: an upload of 50 MB over a slow line may take many minutes and must
 * not be cut off while bytes keep coming (Node's default `requestTimeout` of 300 s did that), while
 * a connection that stalls is closed after a minute.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  idleMs: 60_000,
  headersMs: 60_000,
  // Keep-alive must outlive a load balancer's idle timeout, or it sees resets.
  keepAliveMs: 65_000,
};

/** The site's HTTP server, with the timeouts above (tests shorten them). */
export function createHttpServer(timeouts: HttpTimeouts = HTTP_TIMEOUTS): Server {
  const server = createServer({
    requestTimeout: 0,
    headersTimeout: timeouts.headersMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // How often the header deadline is checked; Node's default (30 s) would let it overrun by half.
    connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(timeouts.headersMs / 4))),
  });
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // With no 'timeout' listener, Node destroys a socket idle this long (also on a kept-alive connection's later requests).
  server.setTimeout(timeouts.idleMs);
  return server;
}
