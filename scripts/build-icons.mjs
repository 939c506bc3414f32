#!/usr/bin/env node
/**
 * Rasterises the site icon public/favicon.svg into what browsers and phones ask for by name:
 * public/favicon.ico (16, 32 and 48 px), public/apple-touch-icon.png (180 px, square: iOS rounds
 * the corners itself), public/icon-{192,512}.png for the web manifest and
 * public/icon-maskable-{192,512}.png (full-bleed, the glyph inside the safe circle, so Android can
 * crop it to any shape). Run after changing the SVG: `node scripts/build-icons.mjs`.
 * The manifest that lists them is app/features/marketing/web-manifest.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
// Plain TypeScript (erasable types only): Node 22.18+ and 24 load it as it is, the server writes owners' icons with it too.
import { icoFile } from '../server/site-content/ico.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');
const source = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

// The SVG is a rounded amber tile (a 32x32 view box) with the glyph in one <g>: the full-bleed
// variants reuse the glyph on a square tile.
const glyph = source.match(/<g[\s\S]*<\/g>/)?.[0];
const tileColour = source.match(/<rect width="32" height="32" rx="\d+" fill="(#[0-9a-fA-F]{6})"/)?.[1];
if (!glyph || !tileColour) throw new Error('public/favicon.svg no longer has the expected tile and glyph: update build-icons.mjs');

/** A square tile; `glyphScale` shrinks the glyph about the centre (maskable icons keep it within the middle 80%). */
const squareSvg = (glyphScale = 1) =>
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  `<rect width="32" height="32" fill="${tileColour}"/>` +
  `<g transform="translate(16 16) scale(${glyphScale}) translate(-16 -16)">${glyph}</g></svg>`;

const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: 72 * Math.ceil(size / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

const icoSizes = [16, 32, 48];
const icoImages = await Promise.all(icoSizes.map(async (size) => ({ size, png: await png(source, size) })));
writeFileSync(path.join(publicDir, 'favicon.ico'), icoFile(icoImages));
writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await png(squareSvg(0.8), 180));
for (const size of [192, 512]) {
  writeFileSync(path.join(publicDir, `icon-${size}.png`), await png(source, size));
  // The safe zone is a circle of 40% radius: scaled to 70 % the glyph's corners stay inside it.
  writeFileSync(path.join(publicDir, `icon-maskable-${size}.png`), await png(squareSvg(0.7), size));
}
console.log('Wrote favicon.ico, apple-touch-icon.png, icon-{192,512}.png and icon-maskable-{192,512}.png to public/');
