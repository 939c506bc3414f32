import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { parseByteRange } from '#server/http/byte-range.ts';
import type { StoredProjectFile } from '#server/projects/project-files.ts';
import type { Readable } from 'node:stream';

/**
 * `attachment` with the file's own name: an ASCII fallback for old clients and the exact UTF-8 name
 * (RFC 6266 / 5987) for the rest. Quotes, backslashes and control characters never reach the header.
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Private bytes: never stored by a shared cache, never sniffed into something the browser runs. */
const PRIVATE_FILE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };

/**
 * One project file as a download, with byte ranges so a broken download of a 5 GB file resumes
 * where it stopped. The body streams from the store; a client that goes away stops the read.
 */
export async function sendProjectFile(
  req: Request,
  res: Response,
  file: StoredProjectFile,
  read: (range?: { start: number; end: number }) => Promise<Readable>,
): Promise<void> {
  const range = parseByteRange(req.get('range'), file.size);
  res.set({
    ...PRIVATE_FILE_HEADERS,
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': attachmentHeader(file.name),
    'Accept-Ranges': 'bytes',
    'Last-Modified': new Date(file.createdAt).toUTCString(),
  });
  if (range === 'unsatisfiable') {
    res.status(416).set('Content-Range', `bytes */${file.size}`).end();
    return;
  }
  if (range) {
    res
      .status(206)
      .set({ 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`, 'Content-Length': String(range.end - range.start + 1) });
  } else {
    res.status(200).set('Content-Length', String(file.size));
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = await read(range ?? undefined);
  await pipeline(body, res).catch((error: unknown) => {
    // A client that went away mid-download is not a server fault.
    if (!res.destroyed) throw error;
  });
}

export { PRIVATE_FILE_HEADERS };
