import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { chooseEncoding } from './public-cache/negotiate.ts';

const EXTENSIONS = { br: '.br', gzip: '.gz' } as const;

/**
 * Sends the brotli or gzip copy the build wrote beside a built asset (vite.config.ts,
 * `precompressAssets`, decides which files get one) when the browser takes it: compressed once at
 * the highest levels instead of on every request, with the type of the file it stands for. Anything
 * else (no copy, a client that takes neither) falls through to the plain static files, where the
 * compression middleware still applies.
 */
export function precompressedAssets(assetsDir: string) {
  // Built files never change while the process runs: which copies exist is read once. (A build
  // without scripts, like the tests' stand-in page build, has no folder and no copies.)
  const names = existsSync(assetsDir) ? readdirSync(assetsDir) : [];
  const copies = new Set(names.filter((name) => name.endsWith('.br') || name.endsWith('.gz')));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Only names read from the folder match, so a path outside it never reaches sendFile.
    const name = req.path.slice(1);
    const available = { br: copies.has(name + EXTENSIONS.br), gzip: copies.has(name + EXTENSIONS.gzip) };
    if (!available.br && !available.gzip) return next();
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req.headers['accept-encoding'], available);
    if (encoding === 'identity') return next();
    res.type(name);
    res.sendFile(
      path.join(assetsDir, name + EXTENSIONS[encoding]),
      { maxAge: '1y', immutable: true, headers: { 'Content-Encoding': encoding } },
      (error) => error && next(error),
    );
  };
}
