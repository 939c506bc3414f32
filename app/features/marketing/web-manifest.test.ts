import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO } from '#common/site-content/defaults.ts';
import { webManifest } from './web-manifest.ts';

const publicDir = path.resolve(import.meta.dirname, '../../../public');

describe('webManifest', () => {
  it("names the app after the owner's studio", () => {
    const manifest = webManifest({ ...DEFAULT_STUDIO, name: 'Harbor Sound Lab', shortName: 'Harbor' });
    expect(manifest).toMatchObject({ name: 'Harbor Sound Lab', short_name: 'Harbor', start_url: '/', theme_color: '#0b0b10' });
  });

  it('lists 192 and 512 px icons, plain and maskable, and every one is a file in public/', () => {
    const { icons } = webManifest(DEFAULT_STUDIO);
    for (const size of ['192x192', '512x512']) {
      expect(icons.filter((icon) => icon.sizes === size).map((icon) => icon.purpose)).toEqual(['any', 'maskable']);
    }
    for (const icon of icons) expect(existsSync(path.join(publicDir, icon.src)), icon.src).toBe(true);
  });

  it("lists the icons made from the owner's favicon, at URLs that change with it", () => {
    const { icons } = webManifest(DEFAULT_STUDIO, { id: '3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b' });
    expect(icons.map((icon) => `${icon.src} ${icon.sizes} ${icon.purpose}`)).toEqual([
      '/media/icons/3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b/icon-192.png 192x192 any',
      '/media/icons/3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b/icon-512.png 512x512 any',
      '/media/icons/3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b/icon-maskable-192.png 192x192 maskable',
      '/media/icons/3f0c2a52-8d7e-4b1c-9a3e-5f6d7e8f9a0b/icon-maskable-512.png 512x512 maskable',
    ]);
  });
});
