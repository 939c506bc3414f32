#!/usr/bin/env node
/**
 * Rasterises the studio illustration (scripts/art/studio-scene.mjs) into the hero image set
 * (AVIF, WebP and PNG at three widths, public/images/studio-hero-{width}.{format}); the share cards
 * are made by the server from the content (/og/{page}.png). Run after changing the art: `node scripts/build-images.mjs`.
 * Keep HERO_IMAGE in app/features/marketing/hero-image.tsx in step with WIDTHS and the 4:3 size.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { studioSceneSvg } from './art/studio-scene.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public', 'images');
const WIDTHS = [480, 800, 1200];
const SOURCE_WIDTH = 1200;
const SOURCE_HEIGHT = 900;

mkdirSync(outDir, { recursive: true });
// Render the vector once at 2x so every downscale stays crisp.
const master = await sharp(Buffer.from(studioSceneSvg({ width: SOURCE_WIDTH * 2, height: SOURCE_HEIGHT * 2 })))
  .png()
  .toBuffer();

for (const width of WIDTHS) {
  const height = Math.round((width * SOURCE_HEIGHT) / SOURCE_WIDTH);
  const resized = sharp(master).resize(width, height);
  const base = path.join(outDir, `studio-hero-${width}`);
  await resized.clone().avif({ quality: 55, effort: 6 }).toFile(`${base}.avif`);
  await resized.clone().webp({ quality: 78, effort: 6 }).toFile(`${base}.webp`);
  await resized.clone().png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(`${base}.png`);
}

console.log(`Wrote hero images (${WIDTHS.join(', ')} px; avif, webp, png) to public/images`);
