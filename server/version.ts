import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'studio-site';

/**
 * The site's version: package.json's `version`, the one place it is set. Read at run time beside
 * the code (a checkout, the bundles, the image all carry package.json) rather than inlined, so a
 * build never reports a version other than the install it runs in. Found by walking up from this
 * module, since the bundles sit at different depths (build/server-app.js, build/server/index.js).
 */
function readVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const parsed = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (parsed.name === PACKAGE_NAME) return typeof parsed.version === 'string' && parsed.version !== '' ? parsed.version : 'unknown';
    } catch {
      // No package.json here (or not ours): look one folder up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

export const SITE_VERSION = readVersion();
