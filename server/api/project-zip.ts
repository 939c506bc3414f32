import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { zipLength, zipStream, type ZipEntry } from '#server/archive/zip-stream.ts';
import { HttpError } from '#server/http/errors.ts';
import { STORE_RETRY_AFTER_SECONDS } from '#server/storage/store-faults.ts';
import type { StoredProjectFile } from '#server/projects/project-files.ts';
import { attachmentHeader, PRIVATE_FILE_HEADERS } from './project-file-responses.ts';

export interface ProjectArchive {
  title: string;
  /** Names what the ZIP holds: `deliveries`, `files`. */
  suffix: string;
  files: StoredProjectFile[];
  read: (file: StoredProjectFile) => Promise<Readable>;
  /** Runs once the store has answered for the first file, before the headers go out (the activity log). */
  started?: () => Promise<void>;
}

/** A file name from the project title: what the browser saves the ZIP as. */
function archiveFileName(title: string, suffix: string): string {
  const base =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'project';
  return `${base} - ${suffix}.zip`;
}

/** Opens a stored file and waits for its first bytes (or its end): a store that cannot be read fails here. */
async function openReadable(read: () => Promise<Readable>): Promise<Readable> {
  const stream = await read();
  try {
    await once(stream, 'readable');
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return stream;
}

/**
 * Every stored file of one side as one ZIP, streamed from the store as it is written: nothing is
 * built on disk or held in memory, and Content-Length is exact (stored entries), so the browser
 * shows progress. A source that fails mid-way cuts the connection: a truncated download must look
 * failed to the browser, never complete. So the first file is opened before the headers go out: a
 * store that is down (a bucket unreachable, a disk failing) is a 503 with Retry-After, not a 200 cut
 * after the first local header.
 */
export async function sendProjectZip(req: Request, res: Response, archive: ProjectArchive): Promise<void> {
  if (archive.files.length === 0) {
    res.status(404).set('Cache-Control', 'no-store').json({ message: 'There are no files to download yet' });
    return;
  }
  let first: Readable | null;
  try {
    first = await openReadable(() => archive.read(archive.files[0]!));
  } catch (error) {
    req.log?.warn({ err: error }, 'project ZIP not started: the store cannot be read');
    throw new HttpError(503, 'The files cannot be read right now. Please try again in a moment.', undefined, {
      'Retry-After': String(STORE_RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
    });
  }
  try {
    await archive.started?.();
  } catch (error) {
    first.destroy();
    throw error;
  }
  const entries: ZipEntry[] = archive.files.map((file, index) => ({
    name: file.name,
    size: file.size,
    modifiedAt: new Date(file.createdAt),
    open: async () => {
      if (index === 0 && first) {
        const opened = first;
        first = null;
        return opened;
      }
      return archive.read(file);
    },
  }));
  res.status(200).set({
    ...PRIVATE_FILE_HEADERS,
    'Content-Type': 'application/zip',
    'Content-Disposition': attachmentHeader(archiveFileName(archive.title, archive.suffix)),
    'Content-Length': String(zipLength(entries)),
  });
  if (req.method === 'HEAD') {
    first?.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(zipStream(entries), res);
  } catch (error) {
    first?.destroy();
    if (!res.destroyed) res.destroy(error instanceof Error ? error : undefined);
    req.log?.warn({ err: error }, 'project ZIP download stopped');
  }
}
