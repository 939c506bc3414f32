import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline, Readable, Transform } from 'node:stream';
import {
  HEAD_ENTRY,
  MANIFEST_ENTRY,
  objectEntry,
  parseHead,
  parseManifest,
  tableEntry,
  type BackupHead,
  type Manifest,
} from './manifest.ts';
import { ignoreProgress, type ProgressListener } from './progress.ts';
import { ArchiveError, tarEntries, type TarEntry } from './tar.ts';

/** More than any head or manifest this code writes (a manifest line per object is ~200 bytes). */
const MAX_JSON_ENTRY = 256 * 1024 * 1024;
const CHUNK = 1024 * 1024;

export interface VerifiedArchive {
  head: BackupHead;
  manifest: Manifest;
}

const damaged = (name: string) => new ArchiveError(`${name} does not match its checksum: the archive is damaged or was altered`);

/**
 * A backup archive on disk. `open` reads only the head, so an archive this code cannot restore is
 * refused at once; `verify` reads everything and checks every size and SHA-256 against the
 * manifest before the caller changes anything; `entry` then streams one file's bytes again,
 * checking them once more as they pass (the file could change between the two reads).
 */
export class BackupArchive {
  private entries = new Map<string, TarEntry & { sha256?: string }>();

  private constructor(
    readonly file: string,
    private readonly handle: FileHandle,
    readonly head: BackupHead,
  ) {}

  static async open(file: string): Promise<BackupArchive> {
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      throw new ArchiveError(`cannot open ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    try {
      const first = await tarEntries(handle).next();
      if (first.done || first.value.name !== HEAD_ENTRY)
        throw new ArchiveError(`it is not a studio backup (no ${HEAD_ENTRY} at the start)`);
      const head = parseHead(await readText(handle, first.value));
      if (!head.ok) throw new ArchiveError(head.problem);
      return new BackupArchive(file, handle, head.value);
    } catch (error) {
      await handle.close();
      // A file that is not tar at all fails the first header's checks: say so plainly.
      if (error instanceof ArchiveError && /tar header at byte 0\b/.test(error.message)) {
        throw new ArchiveError('it is not a studio backup (not a tar archive)');
      }
      throw error;
    }
  }

  /** `progress` hears of the bytes read, headers and padding included, and of each object. */
  async verify(progress: ProgressListener = ignoreProgress): Promise<VerifiedArchive> {
    const { size } = await this.handle.stat();
    progress.begin('Checking', { objects: null, bytes: size });
    let position = 0;
    const reached = (offset: number) => {
      if (offset > position) progress.advance({ bytes: offset - position });
      position = Math.max(position, offset);
    };
    let manifest: Manifest | null = null;
    for await (const entry of tarEntries(this.handle)) {
      if (manifest) throw new ArchiveError(`the archive has ${entry.name} after ${MANIFEST_ENTRY}, which must come last`);
      if (this.entries.has(entry.name)) throw new ArchiveError(`the archive holds ${entry.name} twice`);
      if (entry.name === MANIFEST_ENTRY) {
        const parsed = parseManifest(await readText(this.handle, entry));
        if (!parsed.ok) throw new ArchiveError(parsed.problem);
        manifest = parsed.value;
      }
      reached(entry.offset);
      this.entries.set(entry.name, { ...entry, sha256: await this.hash(entry, reached) });
      if (entry.name.startsWith(objectEntry(''))) progress.advance({ objects: 1 });
    }
    if (!manifest) throw new ArchiveError(`the archive is incomplete: it has no ${MANIFEST_ENTRY}`);
    this.checkAgainst(manifest);
    reached(size);
    progress.end();
    return { head: this.head, manifest };
  }

  private checkAgainst(manifest: Manifest): void {
    const { tables, objects, ...head } = manifest;
    if (JSON.stringify(head) !== JSON.stringify(this.head)) throw new ArchiveError(`${MANIFEST_ENTRY} does not agree with ${HEAD_ENTRY}`);
    const expected = new Set([HEAD_ENTRY, MANIFEST_ENTRY]);
    const files = [
      ...tables.map((table) => ({ ...table, expectedFile: tableEntry(table.name) })),
      ...objects.map((object) => ({ ...object, expectedFile: objectEntry(object.key) })),
    ];
    for (const file of files) {
      if (file.file !== file.expectedFile || expected.has(file.file))
        throw new ArchiveError(`${MANIFEST_ENTRY} lists ${file.file} wrongly or twice`);
      expected.add(file.file);
      const entry = this.entries.get(file.file);
      if (!entry) throw new ArchiveError(`the archive is missing ${file.file}, which its manifest lists`);
      if (entry.size !== file.size || entry.sha256 !== file.sha256) throw damaged(file.file);
    }
    const extra = [...this.entries.keys()].find((name) => !expected.has(name));
    if (extra) throw new ArchiveError(`the archive holds ${extra}, which its manifest does not list`);
  }

  private async hash(entry: TarEntry, reached: (offset: number) => void): Promise<string> {
    const hash = createHash('sha256');
    const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(entry.size, 1)));
    for (let done = 0; done < entry.size;) {
      const { bytesRead } = await this.handle.read(buffer, 0, Math.min(buffer.length, entry.size - done), entry.offset + done);
      if (bytesRead === 0) throw new ArchiveError(`the archive is truncated: it ends inside ${entry.name}`);
      hash.update(buffer.subarray(0, bytesRead));
      done += bytesRead;
      reached(entry.offset + done);
    }
    return hash.digest('hex');
  }

  /**
   * One verified entry's bytes, streamed from the file again. The stream fails with ArchiveError
   * at its end when the bytes are not the ones verified. `onBytes` hears of each chunk as it passes.
   */
  entry(name: string, onBytes?: (count: number) => void): Readable {
    const entry = this.entries.get(name);
    if (!entry?.sha256) throw new Error(`${name} is not a verified entry of this archive`);
    const source =
      entry.size === 0 ? Readable.from([]) : createReadStream(this.file, { start: entry.offset, end: entry.offset + entry.size - 1 });
    const hash = createHash('sha256');
    let length = 0;
    const check = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        length += chunk.length;
        onBytes?.(chunk.length);
        callback(null, chunk);
      },
      flush(callback) {
        callback(length === entry.size && hash.digest('hex') === entry.sha256 ? null : damaged(name));
      },
    });
    // pipeline() closes the file when the reader gives up early or either side fails.
    return pipeline(source, check, () => {});
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

async function readText(handle: FileHandle, entry: TarEntry): Promise<string> {
  if (entry.size > MAX_JSON_ENTRY) throw new ArchiveError(`${entry.name} is implausibly large (${entry.size} bytes)`);
  const buffer = Buffer.alloc(entry.size);
  const { bytesRead } = await handle.read(buffer, 0, entry.size, entry.offset);
  if (bytesRead !== entry.size) throw new ArchiveError(`the archive is truncated: it ends inside ${entry.name}`);
  return buffer.toString('utf8');
}
