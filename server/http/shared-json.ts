import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chooseEncoding, matchesStoredTag } from './public-cache/negotiate.ts';
import { etagFor } from './public-cache/stored-response.ts';

/*
 * A JSON answer that many callers are given as the same object (the slot list of one minute, from
 * the booking's slot cache): serialized and compressed once, kept beside the object for as long as
 * it lives, and sent as bytes. A slot list is tens of kilobytes; compressing it per request cost
 * more than making it. Written on the plain Node response, so the same bytes and headers go out
 * whether Express answered or the answer was given in front of it (`shared-answers-ahead.ts`).
 */

interface Encoded {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** One tag for the bytes: each coding's ETag is made from it, and any coding's tag gets a 304. */
  tag: string;
}

const encodedAnswers = new WeakMap<object, Encoded>();

function encode(value: object): Encoded {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    tag: createHash('sha1').update(identity).digest('base64url').slice(0, 22),
  };
}

/**
 * Sends `value` as JSON in the coding the client takes, made once per object; a 304 to a client
 * whose copy is these bytes. Headers set before (Cache-Control, security headers) stay.
 */
export function sendSharedJson(req: IncomingMessage, res: ServerResponse, value: object): void {
  let encoded = encodedAnswers.get(value);
  if (!encoded) {
    encoded = encode(value);
    encodedAnswers.set(value, encoded);
  }
  const coding = chooseEncoding(req.headers['accept-encoding'], encoded);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', `W/${etagFor(encoded.tag, coding)}`);
  if (matchesStoredTag(req.headers['if-none-match'], encoded.tag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // A coding already set keeps the compression middleware from compressing the bytes again.
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  const body = encoded[coding];
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}
