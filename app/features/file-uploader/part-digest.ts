import SparkMD5 from 'spark-md5';

/**
 * The part's MD5 as Content-MD5 carries it (base64 of the 16-byte digest). Sent with the part's
 * signing request, it makes the store refuse bytes that arrive different from what was read from the
 * file: a bucket checks it itself, the local store checks it on receipt (server/storage). Read in
 * slices so a 5 MiB part never needs a second copy as a string.
 */
export async function contentMd5(part: Blob): Promise<string> {
  const hash = new SparkMD5.ArrayBuffer();
  const SLICE = 1024 * 1024;
  for (let offset = 0; offset < part.size; offset += SLICE) {
    hash.append(await part.slice(offset, offset + SLICE).arrayBuffer());
  }
  const hex = hash.end();
  let binary = '';
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
}
