import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { requireTool } from '#server/test-support/system-tools.ts';
import { ZipSourceError, zipLength, zipStream, type ZipEntry, type ZipOptions } from './zip-stream.ts';

// The archives are checked by real readers, not by a parser of ours that would share our mistakes:
// Info-ZIP unzip, Python's zipfile (which checks every CRC as it reads) and, where installed, 7-Zip
// and libarchive's bsdtar reading from a pipe (it walks local headers, as streaming unzippers do).
// The first two are required: without them the file fails, naming the package to install.
requireTool('unzip');
requireTool('python3');
const has = (command: string, ...args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const has7zip = has('7zz', 'i');
const hasBsdtar = has('bsdtar', '--version');

const work = mkdtempSync(path.join(tmpdir(), 'studio-zip-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const modifiedAt = new Date('2024-05-06T07:08:10Z');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An entry whose bytes arrive in the given chunks, counting how many of its kind are open at once. */
function entry(name: string, chunks: Buffer[], openCount = { now: 0, most: 0 }): ZipEntry {
  return {
    name,
    size: chunks.reduce((sum, chunk) => sum + chunk.length, 0),
    modifiedAt,
    open: async () => {
      openCount.most = Math.max(openCount.most, ++openCount.now);
      return Readable.from(chunks).on('close', () => openCount.now--);
    },
  };
}

async function writeZip(name: string, entries: ZipEntry[], options?: ZipOptions): Promise<string> {
  const file = path.join(work, name);
  await pipeline(zipStream(entries, options), createWriteStream(file));
  return file;
}

interface PythonEntry {
  name: string;
  size: number;
  date: number[];
  /** null for an entry left unread. */
  sha256: string | null;
}

/**
 * Python's zipfile lists the archive and reads the entries named (all by default) in 1 MiB blocks;
 * a CRC or size that does not match raises, and the script fails.
 */
function readWithPython(file: string, only?: string[]): PythonEntry[] {
  const script = `
import hashlib, json, sys, zipfile
only = json.loads(sys.argv[2])
def digest(z, info):
    if only is not None and info.filename not in only: return None
    h = hashlib.sha256()
    with z.open(info) as f:
        for block in iter(lambda: f.read(1 << 20), b""): h.update(block)
    return h.hexdigest()
with zipfile.ZipFile(sys.argv[1]) as z:
    print(json.dumps([{"name": i.filename, "size": i.file_size, "date": list(i.date_time),
                       "sha256": digest(z, i)} for i in z.infolist()]))`;
  const result = spawnSync('python3', ['-c', script, file, JSON.stringify(only ?? null)], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as PythonEntry[];
}

function expectReadersAccept(file: string, files: Array<[name: string, body: Buffer]>) {
  expect(readWithPython(file).map(({ name, size, sha256 }) => [name, size, sha256])).toEqual(
    files.map(([name, body]) => [name, body.length, sha256(body)]),
  );
  const tested = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
  expect(tested.stdout).toContain('No errors detected');
  expect(tested.status).toBe(0);
  for (const [name, body] of files) {
    // unzip reads the name as a wildcard pattern, so brackets and stars are escaped.
    const extracted = spawnSync('unzip', ['-p', file, name.replace(/[[\]*?]/g, '[$&]')], { maxBuffer: 64 * 1024 * 1024 });
    expect(sha256(extracted.stdout)).toBe(sha256(body));
  }
  if (has7zip) {
    const tested = spawnSync('7zz', ['t', file], { encoding: 'utf8' });
    expect(tested.stdout).toContain('Everything is Ok');
    expect(tested.stdout).not.toMatch(/warning/i);
  }
  if (hasBsdtar) {
    const streamed = spawnSync('sh', ['-c', 'cat "$1" | bsdtar -xOf -', 'sh', file], { maxBuffer: 64 * 1024 * 1024 });
    expect(streamed.status).toBe(0);
    expect(sha256(streamed.stdout)).toBe(sha256(Buffer.concat(files.map(([, body]) => body))));
  }
}

describe('a streamed ZIP archive', () => {
  const random = randomBytes(3 * 1024 * 1024 + 17);
  const files: Array<[string, Buffer[]]> = [
    ['mix.wav', [random.subarray(0, 65536), random.subarray(65536, 1_000_000), random.subarray(1_000_000)]],
    ['notes.txt', [Buffer.from('Kick a touch louder.\n')]],
    ['empty.wav', []],
    ['Mastér ünïcode ★.wav', [Buffer.from('é'.repeat(1000))]],
  ];

  it('is read back byte for byte, and zipLength() is its exact length', async () => {
    const entries = files.map(([name, chunks]) => entry(name, chunks));
    const file = await writeZip('plain.zip', entries);
    expect(readFileSync(file).length).toBe(zipLength(entries));
    expectReadersAccept(
      file,
      files.map(([name, chunks]) => [name, Buffer.concat(chunks)]),
    );
  });

  it('writes every ZIP64 structure when forced, and readers still take it', async () => {
    const entries = files.map(([name, chunks]) => entry(name, chunks));
    const file = await writeZip('forced-zip64.zip', entries, { forceZip64: true });
    const bytes = readFileSync(file);
    expect(bytes.length).toBe(zipLength(entries, { forceZip64: true }));
    expect(bytes.length).toBeGreaterThan(zipLength(entries));
    // The ZIP64 end record sits before its locator and the classic end record.
    expect(bytes.readUInt32LE(bytes.length - 22 - 20 - 56)).toBe(0x06064b50);
    expectReadersAccept(
      file,
      files.map(([name, chunks]) => [name, Buffer.concat(chunks)]),
    );
  });

  it('stores the modification time as UTC, clamped to what a DOS date can say', async () => {
    const file = await writeZip('dates.zip', [
      { ...entry('old.txt', [Buffer.from('x')]), modifiedAt: new Date('1970-01-01T00:00:00Z') },
      { ...entry('odd-second.txt', [Buffer.from('x')]), modifiedAt: new Date('2025-12-31T23:59:59Z') },
    ]);
    expect(readWithPython(file).map((read) => read.date)).toEqual([
      [1980, 1, 1, 0, 0, 0],
      [2025, 12, 31, 23, 59, 58],
    ]);
  });

  it('gives entries the names archiveNames() makes: safe and unique', async () => {
    const entries = [entry('mix.wav', [Buffer.from('a')]), entry('../../mix.wav', [Buffer.from('b')]), entry('/etc/passwd', [])];
    const file = await writeZip('names.zip', entries);
    expect(readWithPython(file).map((read) => read.name)).toEqual(['mix.wav', 'mix (2).wav', 'etc/passwd']);
    expect(readFileSync(file).length).toBe(zipLength(entries));
  });

  it('adds the ZIP64 fields from the first size that needs them (0xFFFFFFFF already does)', () => {
    const sized = (size: number) => [{ ...entry('big.wav', []), size }];
    // One more byte of data, the local header's ZIP64 field (20), the 8-byte descriptor sizes (+8)
    // and the central directory's ZIP64 field (20); both archives end past 4 GiB, so both carry the ZIP64 end.
    expect(zipLength(sized(0xffffffff)) - zipLength(sized(0xfffffffe))).toBe(1 + 20 + 8 + 20);
  });

  it('switches to ZIP64 by itself at 65,535 entries', { timeout: 60_000 }, async () => {
    // 0xFFFF in the end record means "see ZIP64", so 65,535 entries is the first count that needs it.
    const entries: ZipEntry[] = Array.from({ length: 0xffff }, (_, i) => ({
      name: `take-${i}.txt`,
      size: 1,
      modifiedAt,
      open: async () =>
        (async function* () {
          yield Buffer.from(String(i % 10));
        })(),
    }));
    const file = await writeZip('many.zip', entries);
    const bytes = readFileSync(file);
    expect(bytes.length).toBe(zipLength(entries));
    expect(bytes.readUInt32LE(bytes.length - 22 - 20 - 56)).toBe(0x06064b50);
    const read = readWithPython(file, ['take-65534.txt']);
    expect(read).toHaveLength(0xffff);
    expect(read[0xfffe]).toMatchObject({ name: 'take-65534.txt', size: 1, sha256: sha256(Buffer.from('4')) });
    expect(spawnSync('unzip', ['-p', file, 'take-65534.txt'], { encoding: 'utf8' }).stdout).toBe('4');
  });

  it('holds a file over 4 GiB and a file that starts past 4 GiB (ZIP64 by size and by offset)', { timeout: 60_000 }, async () => {
    // 4 GiB of zeros made on the fly; the archive is written as a sparse file (runs of zeros are
    // skipped, not written), so writing costs a CRC pass and no disk space. Readers list it and
    // read the file after the 4 GiB mark: any layout mistake moves that file away from where the
    // directory says it is. Reading the 4 GiB back takes 10 s to 25 s per reader, so only when asked.
    const readAll = process.env.TEST_ZIP_READ_HUGE === '1';
    const zeros = Buffer.alloc(1024 * 1024);
    const hugeSize = 4 * 1024 ** 3 + 123;
    const hugeZerosSha256 = '6bb8fad9e7d3b8a2d50162f90b08a40f2824d185aae0929c95114924264b7411';
    function* zeroChunks() {
      for (let left = hugeSize; left > 0; left -= zeros.length) yield zeros.subarray(0, Math.min(left, zeros.length));
    }
    const entries: ZipEntry[] = [
      entry('first.txt', [Buffer.from('first')]),
      { name: 'huge.wav', size: hugeSize, modifiedAt, open: async () => Readable.from(zeroChunks()) },
      entry('after.txt', [Buffer.from('after the 4 GiB mark')]),
    ];
    const file = path.join(work, 'huge.zip');
    const handle = await open(file, 'w');
    let position = 0;
    for await (const chunk of zipStream(entries) as AsyncIterable<Buffer>) {
      if (chunk.buffer !== zeros.buffer) await handle.write(chunk, 0, chunk.length, position);
      position += chunk.length;
    }
    await handle.truncate(position);
    await handle.close();
    expect(position).toBe(zipLength(entries));
    expect(readWithPython(file, readAll ? undefined : ['after.txt']).map(({ name, size, sha256 }) => [name, size, sha256])).toEqual([
      ['first.txt', 5, readAll ? sha256(Buffer.from('first')) : null],
      ['huge.wav', hugeSize, readAll ? hugeZerosSha256 : null],
      ['after.txt', 20, sha256(Buffer.from('after the 4 GiB mark'))],
    ]);
    expect(spawnSync('unzip', ['-p', file, 'after.txt'], { encoding: 'utf8' }).stdout).toBe('after the 4 GiB mark');
    expect(spawnSync('unzip', ['-l', file], { encoding: 'utf8' }).stdout).toContain(`${hugeSize}`);
    if (has7zip && readAll) expect(spawnSync('7zz', ['t', file], { encoding: 'utf8' }).stdout).toContain('Everything is Ok');
    rmSync(file);
  });
});

describe('a ZIP stream whose sources misbehave', () => {
  async function outcome(stream: Readable): Promise<{ bytes: number; error: unknown }> {
    let bytes = 0;
    try {
      for await (const chunk of stream) bytes += (chunk as Buffer).length;
      return { bytes, error: null };
    } catch (error) {
      return { bytes, error };
    }
  }

  it('fails, naming the file, when a source errors half-way, and opens nothing after it', async () => {
    let laterOpened = false;
    const failing: ZipEntry = {
      name: 'mix.wav',
      size: 10_000,
      modifiedAt,
      open: async () =>
        Readable.from(
          (async function* () {
            yield Buffer.alloc(4000);
            throw new Error('connection reset by the store');
          })(),
        ),
    };
    const later: ZipEntry = { ...entry('later.wav', [Buffer.from('x')]), open: async () => ((laterOpened = true), Readable.from([])) };
    const stream = zipStream([entry('intro.wav', [Buffer.from('intro')]), failing, later]);
    const { error } = await outcome(stream);
    expect(error).toBeInstanceOf(ZipSourceError);
    expect((error as Error).message).toBe('mix.wav: connection reset by the store');
    expect(stream.destroyed).toBe(true);
    expect(laterOpened).toBe(false);
  });

  it('fails when a source opens with an error', async () => {
    const missing: ZipEntry = { name: 'gone.wav', size: 3, modifiedAt, open: () => Promise.reject(new Error('no such object')) };
    expect((await outcome(zipStream([missing]))).error).toMatchObject({ message: 'gone.wav: no such object' });
  });

  it('fails when a source is shorter than its declared size', async () => {
    const short = { ...entry('short.wav', [Buffer.alloc(100)]), size: 101 };
    const { error } = await outcome(zipStream([short]));
    expect(error).toBeInstanceOf(ZipSourceError);
    expect((error as Error).message).toBe('short.wav: the source ended after 100 of its declared 101 bytes');
  });

  it('fails when a source is longer than its declared size, before writing the extra bytes', async () => {
    const long = { ...entry('long.wav', [Buffer.alloc(60), Buffer.alloc(60)]), size: 100 };
    const { bytes, error } = await outcome(zipStream([long]));
    expect((error as Error).message).toBe('long.wav: the source holds more than its declared 100 bytes');
    expect(bytes).toBeLessThanOrEqual(30 + 'long.wav'.length + 9 + 60);
  });

  it('refuses a size that is not a byte count before streaming anything', () => {
    expect(() => zipStream([{ ...entry('a.wav', []), size: -1 }])).toThrow(RangeError);
    expect(() => zipLength([{ ...entry('a.wav', []), size: 1.5 }])).toThrow(RangeError);
  });
});

describe('a ZIP stream and its sources', () => {
  it('opens one source at a time, only when the reader reaches it', async () => {
    const openCount = { now: 0, most: 0 };
    const entries = Array.from({ length: 5 }, (_, i) =>
      entry(`take-${i}.wav`, [Buffer.alloc(100_000, i), Buffer.alloc(100_000)], openCount),
    );
    let opened = 0;
    const counted = entries.map((item) => ({ ...item, open: () => (opened++, item.open()) }));
    const stream = zipStream(counted);
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened).toBe(0);
    let bytes = 0;
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(zipLength(entries));
    expect(opened).toBe(5);
    expect(openCount.most).toBe(1);
    expect(openCount.now).toBe(0);
  });

  it('destroys the open source when the reader goes away (a download cancelled half-way)', async () => {
    let source: Readable | null = null;
    const endless: ZipEntry = {
      name: 'long.wav',
      size: 1024 ** 3,
      modifiedAt,
      open: async () => {
        source = new Readable({ read: () => source?.push(Buffer.alloc(64 * 1024)) });
        return source;
      },
    };
    const stream = zipStream([endless]);
    for await (const _ of stream) break; // leaving the loop destroys the archive stream
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.destroyed).toBe(true);
    expect(source!.destroyed).toBe(true);
  });
});
