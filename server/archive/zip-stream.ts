import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { archiveNames } from './entry-names.ts';

/**
 * A ZIP archive written as a stream, one file after another, for "download all" of many GB-size
 * audio files without building the archive anywhere first (PKWARE APPNOTE 6.3).
 *
 * - Files are stored, not deflated: audio barely compresses, storing costs no CPU, and the archive's
 *   exact length is known before the first byte, so the response can send Content-Length.
 * - The CRC-32 is only known once a file has streamed through, so every entry sets general purpose
 *   bit 3 and is followed by a data descriptor (with its optional signature, which macOS Archive
 *   Utility requires). The sizes, known in advance, are written in the local header as well, so a
 *   reader that walks local headers instead of the central directory still finds where a stored
 *   file ends.
 * - ZIP64 only where a value does not fit: the ZIP64 extra field (always the first extra field, as
 *   Windows Explorer wants) for a file of 4 GiB or more (local header, 8-byte data descriptor and
 *   central directory) or a local header that starts at 4 GiB or beyond (central directory); the
 *   ZIP64 end records when the directory, its offset or the entry count overflow. A small archive
 *   stays plain ZIP for old readers.
 * - Names are UTF-8 (bit 11), made safe and unique by `archiveNames()`.
 * - Times: the DOS date and time in UTC (DOS time has no zone; UTC makes every instance write the
 *   same bytes), plus the extended timestamp field (0x5455) that Info-ZIP, 7-Zip and macOS read as
 *   a true instant and show in the reader's own zone.
 */

export interface ZipEntry {
  /** The name in the archive before `archiveNames()` (may repeat another entry's name). */
  name: string;
  /** Exact size in bytes; a source that yields another length fails the archive. */
  size: number;
  modifiedAt: Date;
  /** Opened when the entry's turn comes, one at a time; a Readable is an AsyncIterable. */
  open: () => Promise<AsyncIterable<Uint8Array>>;
}

export interface ZipOptions {
  /** Every ZIP64 structure whatever the sizes: for tests, so small archives prove the ZIP64 path. */
  forceZip64?: boolean;
}

/** A source broke its promise: it failed, or yielded more or fewer bytes than its declared size. */
export class ZipSourceError extends Error {}

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const ZIP64_END_RECORD = 56;
const ZIP64_LOCATOR = 20;
const DESCRIPTOR = 16;
const ZIP64_DESCRIPTOR = 24;
const TIMESTAMP_EXTRA = 9;
/** Header 4, then both sizes in 8 bytes each. */
const LOCAL_ZIP64_EXTRA = 20;
/** 0xFFFFFFFF and 0xFFFF mean "see the ZIP64 field", so they already need ZIP64. */
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** Bit 3: CRC and sizes follow in a data descriptor; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
/** Version made by: Unix (so the permissions below count), spec 4.5. */
const MADE_BY = (3 << 8) | 45;
/** A regular file, rw-r--r--, in the Unix half of the external attributes. */
const FILE_ATTRIBUTES = 0o100644 * 0x10000;

interface PlannedEntry {
  entry: ZipEntry;
  name: Buffer;
  offset: number;
  zip64Size: boolean;
  zip64Offset: boolean;
}

interface Plan {
  entries: PlannedEntry[];
  centralOffset: number;
  centralSize: number;
  zip64End: boolean;
  forceZip64: boolean;
  length: number;
}

const centralZip64Extra = (item: PlannedEntry) =>
  item.zip64Size || item.zip64Offset ? 4 + (item.zip64Size ? 16 : 0) + (item.zip64Offset ? 8 : 0) : 0;

/** Where every byte goes; the writer follows it and `zipLength()` adds it up, so they cannot disagree. */
function planArchive(entries: readonly ZipEntry[], { forceZip64 = false }: ZipOptions): Plan {
  const names = archiveNames(entries.map((entry) => entry.name));
  let offset = 0;
  let centralSize = 0;
  const planned = entries.map((entry, index): PlannedEntry => {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) throw new RangeError(`${entry.name}: size ${entry.size} is not a byte count`);
    const name = Buffer.from(names[index], 'utf8');
    if (name.length > MAX_16) throw new RangeError(`${names[index].slice(0, 40)}...: the name is longer than a ZIP entry name can be`);
    const item = { entry, name, offset, zip64Size: forceZip64 || entry.size >= MAX_32, zip64Offset: forceZip64 || offset >= MAX_32 };
    offset += LOCAL_HEADER + name.length + (item.zip64Size ? LOCAL_ZIP64_EXTRA : 0) + TIMESTAMP_EXTRA + entry.size;
    offset += item.zip64Size ? ZIP64_DESCRIPTOR : DESCRIPTOR;
    centralSize += CENTRAL_HEADER + name.length + centralZip64Extra(item) + TIMESTAMP_EXTRA;
    return item;
  });
  const zip64End = forceZip64 || entries.length >= MAX_16 || offset >= MAX_32 || centralSize >= MAX_32;
  const length = offset + centralSize + (zip64End ? ZIP64_END_RECORD + ZIP64_LOCATOR : 0) + END_RECORD;
  return { entries: planned, centralOffset: offset, centralSize, zip64End, forceZip64, length };
}

/** The exact byte length of the archive `zipStream()` writes for these entries: its Content-Length. */
export function zipLength(entries: readonly ZipEntry[], options: ZipOptions = {}): number {
  return planArchive(entries, options).length;
}

const EPOCH_1980 = Date.UTC(1980, 0, 1);
const LAST_DOS_TIME = Date.UTC(2107, 11, 31, 23, 59, 58);

function dosDateTime(date: Date): { time: number; day: number } {
  const ms = Number.isNaN(date.getTime()) ? EPOCH_1980 : Math.min(Math.max(date.getTime(), EPOCH_1980), LAST_DOS_TIME);
  const d = new Date(ms);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    day: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** The extended timestamp extra field with the modification time only (seconds, signed 32-bit). */
function timestampExtra(date: Date): Buffer {
  const seconds = Number.isNaN(date.getTime()) ? EPOCH_1980 / 1000 : Math.floor(date.getTime() / 1000);
  const field = Buffer.alloc(TIMESTAMP_EXTRA);
  field.writeUInt16LE(0x5455, 0);
  field.writeUInt16LE(5, 2);
  field.writeUInt8(1, 4);
  field.writeInt32LE(Math.min(Math.max(seconds, 0), 0x7fffffff), 5);
  return field;
}

function localHeader(item: PlannedEntry): Buffer {
  const { entry, name, zip64Size } = item;
  const header = Buffer.alloc(LOCAL_HEADER + (zip64Size ? LOCAL_ZIP64_EXTRA : 0));
  const { time, day } = dosDateTime(entry.modifiedAt);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64Size ? 45 : 20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(day, 12);
  header.writeUInt32LE(0, 14); // the CRC comes in the data descriptor
  header.writeUInt32LE(zip64Size ? MAX_32 : entry.size, 18);
  header.writeUInt32LE(zip64Size ? MAX_32 : entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE((zip64Size ? LOCAL_ZIP64_EXTRA : 0) + TIMESTAMP_EXTRA, 28);
  if (zip64Size) {
    header.writeUInt16LE(0x0001, LOCAL_HEADER);
    header.writeUInt16LE(LOCAL_ZIP64_EXTRA - 4, LOCAL_HEADER + 2);
    header.writeBigUInt64LE(BigInt(entry.size), LOCAL_HEADER + 4);
    header.writeBigUInt64LE(BigInt(entry.size), LOCAL_HEADER + 12);
  }
  return Buffer.concat([header.subarray(0, LOCAL_HEADER), name, header.subarray(LOCAL_HEADER), timestampExtra(entry.modifiedAt)]);
}

/** Sizes are 8 bytes exactly when the local header carried a ZIP64 field (APPNOTE 4.3.9.2). */
function dataDescriptor(item: PlannedEntry, crc: number): Buffer {
  const descriptor = Buffer.alloc(item.zip64Size ? ZIP64_DESCRIPTOR : DESCRIPTOR);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  if (item.zip64Size) {
    descriptor.writeBigUInt64LE(BigInt(item.entry.size), 8);
    descriptor.writeBigUInt64LE(BigInt(item.entry.size), 16);
  } else {
    descriptor.writeUInt32LE(item.entry.size, 8);
    descriptor.writeUInt32LE(item.entry.size, 12);
  }
  return descriptor;
}

function centralHeader(item: PlannedEntry, crc: number): Buffer {
  const { entry, name, zip64Size, zip64Offset } = item;
  const zip64Length = centralZip64Extra(item);
  const header = Buffer.alloc(CENTRAL_HEADER + name.length + zip64Length);
  const { time, day } = dosDateTime(entry.modifiedAt);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY, 4);
  header.writeUInt16LE(zip64Length ? 45 : 20, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(day, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(zip64Size ? MAX_32 : entry.size, 20);
  header.writeUInt32LE(zip64Size ? MAX_32 : entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(zip64Length + TIMESTAMP_EXTRA, 30);
  // comment length, disk number and internal attributes stay 0
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(zip64Offset ? MAX_32 : item.offset, 42);
  name.copy(header, CENTRAL_HEADER);
  if (zip64Length) {
    // Only the values whose 32-bit field says 0xFFFFFFFF, in the order the spec lists them.
    let at = CENTRAL_HEADER + name.length;
    at = header.writeUInt16LE(0x0001, at);
    at = header.writeUInt16LE(zip64Length - 4, at);
    if (zip64Size) {
      at = header.writeBigUInt64LE(BigInt(entry.size), at); // uncompressed
      at = header.writeBigUInt64LE(BigInt(entry.size), at); // compressed: the same, stored
    }
    if (zip64Offset) header.writeBigUInt64LE(BigInt(item.offset), at);
  }
  return Buffer.concat([header, timestampExtra(entry.modifiedAt)]);
}

function endRecords(plan: Plan): Buffer {
  const { entries, centralOffset, centralSize, zip64End, forceZip64 } = plan;
  const records = Buffer.alloc((zip64End ? ZIP64_END_RECORD + ZIP64_LOCATOR : 0) + END_RECORD);
  let at = 0;
  if (zip64End) {
    at = records.writeUInt32LE(0x06064b50, at);
    at = records.writeBigUInt64LE(BigInt(ZIP64_END_RECORD - 12), at);
    at = records.writeUInt16LE(MADE_BY, at);
    at = records.writeUInt16LE(45, at);
    at += 8; // this disk and the directory's disk: 0
    at = records.writeBigUInt64LE(BigInt(entries.length), at);
    at = records.writeBigUInt64LE(BigInt(entries.length), at);
    at = records.writeBigUInt64LE(BigInt(centralSize), at);
    at = records.writeBigUInt64LE(BigInt(centralOffset), at);
    at = records.writeUInt32LE(0x07064b50, at);
    at = records.writeUInt32LE(0, at);
    at = records.writeBigUInt64LE(BigInt(centralOffset + centralSize), at);
    at = records.writeUInt32LE(1, at); // one disk in all
  }
  // A value that does not fit says 0xFFFF(FFFF), sending readers to the ZIP64 record (all of them when forced).
  const fit = (value: number, max: number) => (forceZip64 || value >= max ? max : value);
  at = records.writeUInt32LE(0x06054b50, at);
  at += 4; // disk numbers: 0
  at = records.writeUInt16LE(fit(entries.length, MAX_16), at);
  at = records.writeUInt16LE(fit(entries.length, MAX_16), at);
  at = records.writeUInt32LE(fit(centralSize, MAX_32), at);
  records.writeUInt32LE(fit(centralOffset, MAX_32), at);
  return records;
}

/** One entry's bytes as they stream through; answers their CRC-32 once all came and the count matched. */
async function* entryBytes(entry: ZipEntry, done: (crc: number) => void): AsyncGenerator<Buffer> {
  let crc = 0;
  let received = 0;
  const source = await entry.open();
  // Leaving this loop early (an error below, or the consumer going away) destroys the source.
  for await (const chunk of source) {
    if (!(chunk instanceof Uint8Array)) throw new ZipSourceError(`${entry.name}: the source yielded ${typeof chunk}, not bytes`);
    received += chunk.length;
    if (received > entry.size) throw new ZipSourceError(`${entry.name}: the source holds more than its declared ${entry.size} bytes`);
    crc = crc32(chunk, crc);
    yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
  if (received !== entry.size)
    throw new ZipSourceError(`${entry.name}: the source ended after ${received} of its declared ${entry.size} bytes`);
  done(crc);
}

async function* archiveBytes(plan: Plan): AsyncGenerator<Buffer> {
  const crcs: number[] = [];
  for (const item of plan.entries) {
    yield localHeader(item);
    try {
      yield* entryBytes(item.entry, (crc) => crcs.push(crc));
    } catch (error) {
      if (error instanceof ZipSourceError) throw error;
      throw new ZipSourceError(`${item.entry.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    yield dataDescriptor(item, crcs[crcs.length - 1]);
  }
  for (const [index, item] of plan.entries.entries()) yield centralHeader(item, crcs[index]);
  yield endRecords(plan);
}

/**
 * The archive as a byte stream. Pulled, not pushed: a file is opened when the reader reaches it and
 * read as fast as the response drains, so memory holds a chunk or two whatever the archive's size.
 * A source that fails or has the wrong length destroys the stream with an error; the response must
 * then be cut, not ended, so the download visibly fails rather than leaving a corrupt archive.
 * Throws RangeError at once for a size that is not a byte count or a name too long for ZIP.
 */
export function zipStream(entries: readonly ZipEntry[], options: ZipOptions = {}): Readable {
  return Readable.from(archiveBytes(planArchive(entries, options)), { objectMode: false });
}
