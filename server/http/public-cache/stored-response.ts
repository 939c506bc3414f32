import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compression saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A public answer prepared once per content version: the same bytes for every visitor, with a strong
 * validator and its gzip and brotli forms made ahead, so serving it costs a map lookup and a write.
 */
export interface StoredResponse {
  status: number;
  /** Headers every copy carries: content type, the page's CSP, the cache policy. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Hash of the identity bytes; each encoding's ETag adds its own suffix (etagFor). */
  tag: string;
  bodies: Readonly<Record<Encoding, Buffer | null>>;
}

/** Strong ETags differ per content coding (the bytes differ); all of them share the hash. */
export function etagFor(tag: string, encoding: Encoding): string {
  return encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`;
}

/**
 * Levels that cost milliseconds, not seconds: brotli at quality 11 took 12.9 s on a 6.6 MB sample
 * page while visitors waited; quality 5 and gzip 6 take a few milliseconds a page for a few per cent
 * more bytes (docs/benchmarks.md, decision 111).
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/**
 * Compresses in the thread pool, paid once per content version, so the event loop keeps serving
 * other requests meanwhile.
 */
export async function prepareResponse(
  status: number,
  headers: ReadonlyArray<readonly [string, string]>,
  body: Buffer,
  /** 'quick' for an answer made for one request and not kept (a 404): cheap gzip only, so junk URLs cost little. */
  effort: 'once' | 'quick' = 'once',
): Promise<StoredResponse> {
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  if (body.length < COMPRESS_FROM_BYTES) return { status, headers, tag, bodies: { identity: body, gzip: null, br: null } };
  if (effort === 'quick') return { status, headers, tag, bodies: { identity: body, gzip: await gzipAsync(body, { level: 3 }), br: null } };
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(body, { level: GZIP_LEVEL }),
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return { status, headers, tag, bodies: { identity: body, gzip: gzipped, br: brotlied } };
}
