import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths.ts';

/**
 * The site's version: package.json's `version`, the one place it is set. Read at run time beside
 * the code (a checkout, the bundle, the image all carry package.json) rather than inlined, so a
 * build never reports a version other than the install it runs in.
 */
function readVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' && parsed.version !== '' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export const SITE_VERSION = readVersion();
