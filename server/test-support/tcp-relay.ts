import net from 'node:net';

export interface TcpRelay {
  /** The target URL with host and port replaced by the relay's. */
  url: string;
  /** New connections are closed at once (the database is down, or its host refuses). */
  refusing: boolean;
  /** New connections are accepted and then hear nothing (a partition: the connection attempt hangs). */
  blackholing: boolean;
  /** Existing connections stop passing data either way, without a reset: a network partition. */
  silence(): void;
  /** Existing connections, silenced ones too, are reset (RST) on both sides. */
  reset(): void;
  /** Connections open now. */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a server (PostgreSQL in the tests and the resilience benchmark), which
 * can cut, reset or silence the path between the app and its database.
 */
export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const targetUrl = new URL(target);
  /** Connections passing data; `all` also holds silenced ones, ended at close. */
  const pairs = new Set<[net.Socket, net.Socket]>();
  const all = new Set<net.Socket>();
  const state = { refusing: false, blackholing: false };
  const server = net.createServer((downstream) => {
    if (state.refusing) return downstream.destroy();
    if (state.blackholing) {
      all.add(downstream);
      downstream.on('data', () => {}).on('error', () => {});
      downstream.on('close', () => all.delete(downstream));
      return;
    }
    const upstream = net.connect(Number(targetUrl.port || 5432), targetUrl.hostname);
    const pair: [net.Socket, net.Socket] = [downstream, upstream];
    pairs.add(pair);
    all.add(downstream).add(upstream);
    downstream.pipe(upstream).pipe(downstream);
    const close = () => {
      pairs.delete(pair);
      all.delete(downstream);
      all.delete(upstream);
      downstream.destroy();
      upstream.destroy();
    };
    downstream.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    get blackholing() {
      return state.blackholing;
    },
    set blackholing(value: boolean) {
      state.blackholing = value;
    },
    silence() {
      for (const [downstream, upstream] of pairs) {
        downstream.unpipe(upstream);
        upstream.unpipe(downstream);
        // Bytes still arriving are read and dropped, as a dead path would lose them.
        downstream.removeAllListeners('data').on('data', () => {});
        upstream.removeAllListeners('data').on('data', () => {});
      }
      pairs.clear();
    },
    reset() {
      for (const socket of [...all]) socket.resetAndDestroy();
    },
    get connections() {
      return pairs.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        all.forEach((socket) => socket.destroy());
      }),
  };
}
