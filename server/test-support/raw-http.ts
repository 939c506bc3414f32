import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Express } from 'express';
import { answerUnusableRequests } from '#server/http/request-guards.ts';

export interface ListeningApp {
  port: number;
  close(): Promise<void>;
}

/** The app on a real port, with the same Node-level handling as server/index.ts (CONNECT, unknown methods). */
export async function listen(app: Express): Promise<ListeningApp> {
  const server: Server = createServer(app);
  answerUnusableRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given (HTTP clients always add a Host header and refuse odd methods) and
 * reads the first response until the server closes the connection.
 */
export function rawRequest(port: number, text: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** One request line plus headers, closing the connection after the answer. */
export const rawHttp = (requestLine: string, headers: string[] = ['Host: localhost']) =>
  [requestLine, ...headers, 'Connection: close', '', ''].join('\r\n');
