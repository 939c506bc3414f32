import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { chooseEncoding } from './public-cache/negotiate.ts';

/*
 * A JSON answer that many callers are given as the same object (the slot list of one minute, from
 * the booking's slot cache): serialized and compressed once, kept beside the object for as long as
 * it lives, and sent as bytes. A slot list is tens of kilobytes; compressing it per request cost
 * more than making it.
 */

interface Encoded {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const encodedAnswers = new WeakMap<object, Encoded>();

function encode(value: object): Encoded {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

/** Sends `value` as JSON in the coding the client takes, made once per object. */
export function sendSharedJson(req: Request, res: Response, value: object): void {
  let encoded = encodedAnswers.get(value);
  if (!encoded) {
    encoded = encode(value);
    encodedAnswers.set(value, encoded);
  }
  const coding = chooseEncoding(req.headers['accept-encoding'], encoded);
  res.vary('Accept-Encoding');
  res.type('application/json');
  // A coding already set keeps the compression middleware from compressing the bytes again.
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.send(encoded[coding]);
}
