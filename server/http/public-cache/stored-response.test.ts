import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagFor, prepareResponse } from './stored-response.ts';

describe('prepareResponse', () => {
  it('gives the same validator to the same bytes and keeps gzip and brotli forms that decode to them', async () => {
    const body = Buffer.from('<p>studio</p>'.repeat(200));
    const [a, b] = await Promise.all([prepareResponse(200, [], body), prepareResponse(200, [], Buffer.from(body))]);
    expect(a.tag).toBe(b.tag);
    expect(gunzipSync(a.bodies.gzip!)).toEqual(body);
    expect(brotliDecompressSync(a.bodies.br!)).toEqual(body);
    const other = await prepareResponse(200, [], Buffer.concat([body, Buffer.from('!')]));
    expect(other.tag).not.toBe(a.tag);
  });

  it('leaves small answers uncompressed', async () => {
    const small = await prepareResponse(200, [], Buffer.from('[]'));
    expect(small.bodies).toMatchObject({ gzip: null, br: null });
  });

  it('names each coding in its ETag', () => {
    expect([etagFor('t', 'identity'), etagFor('t', 'gzip'), etagFor('t', 'br')]).toEqual(['"t"', '"t-gzip"', '"t-br"']);
  });
});
