import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly as written, once, and skips scripts loaded from a URL', () => {
    const html =
      '<script type="module" async="">import "/a.js";</script><script src="/b.js"></script>' +
      '<script>window.x = "&amp;";</script><script>window.x = "&amp;";</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('import "/a.js";'), sha('window.x = "&amp;";')]);
  });

  it('gives nothing for a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>no scripts</p><script src="/x.js"></script>')).toEqual([]);
  });
});
