import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { zipLength, zipStream, type ZipEntry } from '#server/archive/zip-stream.ts';
import type { StoredProjectFile } from '#server/projects/project-files.ts';
import { attachmentHeader, PRIVATE_FILE_HEADERS } from './project-file-responses.ts';

export interface ProjectArchive {
  title: string;
  /** Names what the ZIP holds: `deliveries`, `files`. */
  suffix: string;
  files: StoredProjectFile[];
  read: (file: StoredProjectFile) => Promise<Readable>;
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

/**
 * Every stored file of one side as one ZIP, streamed from the store as it is written: nothing is
 * built on disk or held in memory, and Content-Length is exact (stored entries), so the browser
 * shows progress. A source that fails mid-way cuts the connection: a truncated download must look
 * failed to the browser, never complete.
 */
export async function sendProjectZip(req: Request, res: Response, archive: ProjectArchive): Promise<void> {
  if (archive.files.length === 0) {
    res.status(404).set('Cache-Control', 'no-store').json({ message: 'There are no files to download yet' });
    return;
  }
  const entries: ZipEntry[] = archive.files.map((file) => ({
    name: file.name,
    size: file.size,
    modifiedAt: new Date(file.createdAt),
    open: () => archive.read(file),
  }));
  res.status(200).set({
    ...PRIVATE_FILE_HEADERS,
    'Content-Type': 'application/zip',
    'Content-Disposition': attachmentHeader(archiveFileName(archive.title, archive.suffix)),
    'Content-Length': String(zipLength(entries)),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(zipStream(entries), res);
  } catch (error) {
    if (!res.destroyed) res.destroy(error instanceof Error ? error : undefined);
    req.log?.warn({ err: error }, 'project ZIP download stopped');
  }
}
