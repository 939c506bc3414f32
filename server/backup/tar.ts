import type { FileHandle } from 'node:fs/promises';

/**
 * The few parts of POSIX tar (ustar, plus a pax header for names longer than 100 bytes) that a
 * backup needs: regular files, written one after another, each announced with its size, so an
 * archive is written and read as a stream and `tar -tvf` lists it (docs/decisions/033-backup-format.md).
 */
const BLOCK = 512;
/** Eleven octal digits: 8 GiB less one byte. */
const MAX_ENTRY_SIZE = 8 ** 11 - 1;
/** Two empty blocks end a tar archive. */
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

/** A damaged, truncated or foreign archive: the message says what and where. */
export class ArchiveError extends Error {}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

function header(name: string, size: number, mtimeSeconds: number, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtimeSeconds, 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(octal(checksum(block), 7), 148, 'ascii');
  return block;
}

/** The sum of the header's bytes with the checksum field itself counted as spaces. */
function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  return sum;
}

/** One pax record: its own length in decimal, counted with itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

/** The blocks that announce a file: a pax header first when the name does not fit in 100 bytes. */
export function entryHeader(name: string, size: number, mtimeSeconds: number): Buffer {
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_ENTRY_SIZE)
    throw new Error(`${name}: ${size} bytes is too large for one entry`);
  if (/[\0\n]/.test(name)) throw new Error(`entry names hold no NUL or newline: ${JSON.stringify(name)}`);
  if (Buffer.byteLength(name) <= 100) return header(name, size, mtimeSeconds, '0');
  const pax = Buffer.from(paxRecord('path', name));
  // Readers that know pax take the name from the record; the ustar field keeps what fits.
  return Buffer.concat([
    header('PaxHeader', pax.length, mtimeSeconds, 'x'),
    pax,
    padding(pax.length),
    header(name, size, mtimeSeconds, '0'),
  ]);
}

/** Zero bytes that fill a body up to the next block. */
export function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

const paddedSize = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

export interface TarEntry {
  name: string;
  size: number;
  /** Where the body starts in the file. */
  offset: number;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseOctal(block: Buffer, start: number, length: number, at: number): number {
  const text = field(block, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError(`the archive is damaged: unreadable tar header at byte ${at}`);
  return parseInt(text, 8);
}

async function readExactly(handle: FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buffer.subarray(0, done);
}

/**
 * The files of a tar archive in order, read from an open file. Stops at the end-of-archive block;
 * throws ArchiveError for a damaged header or an archive that ends early.
 */
export async function* tarEntries(handle: FileHandle): AsyncGenerator<TarEntry> {
  const fileSize = (await handle.stat()).size;
  let position = 0;
  let longName: string | null = null;
  let lastName = '';
  for (;;) {
    const block = await readExactly(handle, BLOCK, position);
    if (block.length < BLOCK) {
      if (position === 0) throw new ArchiveError('the archive is empty or cut off before its first entry');
      throw new ArchiveError(`the archive is truncated: it ends after ${lastName}, without the end-of-archive marker`);
    }
    if (block.every((byte) => byte === 0)) return;
    if (parseOctal(block, 148, 8, position) !== checksum(block)) {
      throw new ArchiveError(`the archive is damaged: the tar header at byte ${position} fails its checksum`);
    }
    const size = parseOctal(block, 124, 12, position);
    const offset = position + BLOCK;
    if (offset + size > fileSize) throw new ArchiveError(`the archive is truncated: it ends inside ${longName ?? field(block, 0, 100)}`);
    const type = String.fromCharCode(block[156]);
    position = offset + paddedSize(size);
    if (type === 'x') {
      const records = (await readExactly(handle, size, offset)).toString('utf8');
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)?.[1] ?? null;
      continue;
    }
    if (type !== '0' && type !== '\0')
      throw new ArchiveError(`the archive holds an entry of tar type '${type}', which a backup never writes`);
    const prefix = field(block, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    longName = null;
    lastName = name;
    yield { name, size, offset };
  }
}
