import { Readable } from 'node:stream';

/**
 * The first `length` bytes of `body`, and a stream of all of it (those bytes again, then the rest):
 * the format is told from the head and the declared length read from the same single read.
 */
export async function splitHead(body: Readable, length: number): Promise<{ head: Buffer; whole: Readable }> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const taken: Buffer[] = [];
  let size = 0;
  while (size < length) {
    const next = await chunks.next();
    if (next.done) break;
    const bytes = Buffer.from(next.value);
    taken.push(bytes);
    size += bytes.length;
  }
  const first = Buffer.concat(taken);
  async function* again() {
    if (first.length > 0) yield first;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield Buffer.from(next.value);
  }
  return { head: first.subarray(0, length), whole: Readable.from(again(), { objectMode: false }) };
}
