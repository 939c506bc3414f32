import pino from 'pino';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { contextWith } from '#app/lib/server-context.server.ts';
import { describe, expect, it } from 'vitest';
import * as entry from './entry.server.tsx';

// The real entry module (handleRequest + handleError) on a one-route build whose loader fails the
// way a lost database connection does, or with an ordinary bug.
function buildFailingWith(error: Error): ServerBuild {
  const root = {
    loader: () => {
      throw error;
    },
    default: () => null,
    ErrorBoundary: () => <p>Please try again in a moment.</p>,
  };
  const manifestRoute = { id: 'root', path: '', module: '/assets/root.js', imports: [], hasLoader: true, hasErrorBoundary: true };
  return {
    entry: { module: entry },
    routes: { root: { id: 'root', path: '', module: root } },
    assets: {
      entry: { module: '/assets/entry.js', imports: [] },
      routes: { root: manifestRoute },
      url: '/assets/manifest.js',
      version: 't',
    },
    assetsBuildDirectory: 'client',
    basename: '/',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    publicPath: '/',
    allowedActionOrigins: false,
  } as unknown as ServerBuild;
}

const lostConnection = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function context(logged: string[]): RouterContextProvider {
  const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) });
  const fields = {
    services: { logger },
    cspNonce: 'n',
    requestId: 'req-1',
    admin: null,
    publicUrl: 'http://localhost',
    clientIp: '127.0.0.1',
    faults: { isDatabaseUnavailable: (error: unknown) => error === lostConnection, retryAfterSeconds: 5, databaseUnavailable: false },
  };
  return contextWith(fields);
}

describe('a page whose loader meets an unavailable database', () => {
  it('answers 503 with Retry-After and the error boundary, and logs a warning with the request id', async () => {
    const logged: string[] = [];
    const res = await createRequestHandler(buildFailingWith(lostConnection), 'production')(
      new Request('http://localhost/'),
      context(logged),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.text()).toContain('Please try again in a moment.');
    expect(logged.join('')).toContain('database unavailable while rendering a page');
    expect(logged.join('')).toContain('req-1');
  });

  it('keeps any other loader failure a 500 without Retry-After, logged as an error', async () => {
    const logged: string[] = [];
    const res = await createRequestHandler(buildFailingWith(new Error('a bug')), 'production')(
      new Request('http://localhost/'),
      context(logged),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get('Retry-After')).toBeNull();
    expect(JSON.parse(logged[0]!).msg).toBe('page error');
  });

  it('does not log an unknown page as an error', async () => {
    const logged: string[] = [];
    const build = buildFailingWith(new Error('unused'));
    const res = await createRequestHandler(build, 'production')(new Request('http://localhost/no-such-page/deeper'), context(logged));
    expect(res.status).toBe(404);
    expect(logged).toEqual([]);
  });
});
