/** Read in slices so a 5 MiB part never needs a second whole copy in memory. */
const SLICE = 1024 * 1024;

interface Md5 {
  update(bytes: Uint8Array): void;
  /** The 16-byte digest as a binary string. */
  digest(): string;
}

/**
 * A fresh MD5 for each part, in WebAssembly (hash-wasm: several times the pure-JavaScript speed,
 * docs/benchmarks.md), which a 5 GB file's thousand parts feel; the module is compiled once. Where
 * the browser refuses WebAssembly (Safari's Lockdown Mode, a policy that forbids it), spark-md5 in
 * plain JavaScript. Both load with the uploader only. One hasher per call: parts of several files
 * may be hashed at the same time.
 */
async function md5(): Promise<Md5> {
  const wasm = await import('hash-wasm').then(({ createMD5 }) => createMD5()).catch(() => null);
  if (wasm) return { update: (bytes) => wasm.update(bytes), digest: () => String.fromCharCode(...(wasm.digest('binary') as Uint8Array)) };
  const { default: SparkMD5 } = await import('spark-md5');
  const spark = new SparkMD5.ArrayBuffer();
  return { update: (bytes) => spark.append(bytes.buffer as ArrayBuffer), digest: () => spark.end(true) };
}

/**
 * The part's MD5 as Content-MD5 carries it (base64 of the 16-byte digest). Sent with the part's
 * signing request, it makes the store refuse bytes that arrive different from what was read from the
 * file: a bucket checks it itself, the local store checks it on receipt (server/storage).
 */
export async function contentMd5(part: Blob): Promise<string> {
  const hash = await md5();
  for (let offset = 0; offset < part.size; offset += SLICE) {
    hash.update(new Uint8Array(await part.slice(offset, offset + SLICE).arrayBuffer()));
  }
  return btoa(hash.digest());
}
