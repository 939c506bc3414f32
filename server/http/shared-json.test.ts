import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSharedJson } from './shared-json.ts';

const answer = { slots: Array.from({ length: 300 }, (_, index) => ({ start: `2027-01-01T${index}`, end: 'x' })) };
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express().get('/', (req, res) => sendSharedJson(req, res, answer));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The answer's bytes as sent, not decoded. */
function fetchRaw(acceptEncoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(base, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('one JSON answer shared by many requests', () => {
  it('is sent in the coding the client takes, the same JSON in each', async () => {
    const br = await fetchRaw('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(answer);
    const gzip = await fetchRaw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(answer);
    const plain = await fetchRaw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toContain('application/json');
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(plain.body.toString())).toEqual(answer);
  });
});
