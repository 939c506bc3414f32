import type { Request } from 'express';
import { HttpError } from './errors.ts';

const tooLarge = (maxBytes: number) => new HttpError(413, `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);

/**
 * Reads a request body whole, refusing it (413) as soon as it passes `maxBytes`: up front when
 * Content-Length says so, otherwise once that many bytes have come. The request is paused, not
 * destroyed, so the refusal still reaches the client; the caller closes the connection after it.
 */
export function readLimitedBody(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.reject(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onBroken);
      req.off('close', onBroken);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        stop();
        req.pause();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onBroken = () => {
      stop();
      reject(new HttpError(400, 'The upload was interrupted; try again'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onBroken);
    req.on('close', onBroken);
  });
}
