import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError, END_OF_ARCHIVE, entryHeader, padding, tarEntries, type TarEntry } from './tar.ts';

const work = mkdtempSync(path.join(tmpdir(), 'studio-tar-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const longName = `objects/${'nested-folder/'.repeat(10)}a-key-longer-than-one-hundred-bytes.wav`;
const files: Array<[string, Buffer]> = [
  ['backup.json', Buffer.from('{"format":"studio-backup"}\n')],
  ['tables/empty.ndjson', Buffer.alloc(0)],
  ['objects/uploads/exactly-one-block', Buffer.alloc(512, 7)],
  [longName, Buffer.from('long name, short body')],
];

function writeArchive(name: string): string {
  const file = path.join(work, name);
  const parts = files.flatMap(([entry, body]) => [entryHeader(entry, body.length, 1_700_000_000), body, padding(body.length)]);
  writeFileSync(file, Buffer.concat([...parts, END_OF_ARCHIVE]));
  return file;
}

async function readArchive(file: string): Promise<Array<TarEntry & { body: string }>> {
  const handle = await open(file, 'r');
  const bytes = readFileSync(file);
  try {
    const entries = [];
    for await (const entry of tarEntries(handle)) {
      entries.push({ ...entry, body: bytes.subarray(entry.offset, entry.offset + entry.size).toString('utf8') });
    }
    return entries;
  } finally {
    await handle.close();
  }
}

describe('the backup archive (tar)', () => {
  it('reads back every entry, name and body, including names longer than 100 bytes', async () => {
    const entries = await readArchive(writeArchive('round-trip.tar'));
    expect(entries.map((entry) => [entry.name, entry.body])).toEqual(files.map(([name, body]) => [name, body.toString('utf8')]));
  });

  it('is a tar archive that the system tar lists and extracts', () => {
    const file = writeArchive('system.tar');
    const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(files.map(([name]) => name));
    const extracted = spawnSync('tar', ['-xOf', file, longName], { encoding: 'utf8' });
    expect(extracted.stdout).toBe('long name, short body');
  });

  it('reports an archive without its end marker, a body cut short and a damaged header', async () => {
    const bytes = readFileSync(writeArchive('whole.tar'));
    const cut = (name: string, length: number) => {
      const file = path.join(work, name);
      writeFileSync(file, bytes.subarray(0, length));
      return file;
    };
    await expect(readArchive(cut('no-end.tar', bytes.length - 1024))).rejects.toThrow(
      /truncated: it ends after .*without the end-of-archive marker/,
    );
    await expect(readArchive(cut('short-body.tar', 512 + 512 + 512 + 512 + 100))).rejects.toThrow(
      'the archive is truncated: it ends inside objects/uploads/exactly-one-block',
    );
    const damaged = Buffer.from(bytes);
    damaged[1024 + 5] ^= 0x01;
    writeFileSync(path.join(work, 'damaged.tar'), damaged);
    await expect(readArchive(path.join(work, 'damaged.tar'))).rejects.toBeInstanceOf(ArchiveError);
  });

  it('refuses an entry name with a newline and a size over 8 GiB', () => {
    expect(() => entryHeader('a\nb', 1, 0)).toThrow(/newline/);
    expect(() => entryHeader('huge', 8 * 1024 ** 3, 0)).toThrow(/too large/);
  });
});
