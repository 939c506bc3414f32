import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import type { StoredProjectFile } from '#server/projects/project-files.ts';

/** Placeholder replaced when the streaming ZIP writer lands (helper branch `zip`). */
export async function sendProjectZip(
  _req: Request,
  res: Response,
  _archive: { title: string; suffix: string; files: StoredProjectFile[]; read: (file: StoredProjectFile) => Promise<Readable> },
): Promise<void> {
  res.status(501).json({ message: 'not yet' });
}
