import sharp, { type Sharp } from 'sharp';
import { THEME_COLOUR, type FaviconFile } from '#common/site-content/favicon.ts';
import { icoFile } from './ico.ts';

/** The sizes inside favicon.ico: tabs (16), taskbars and high-density tabs (32), Windows shortcuts (48). */
const ICO_SIZES = [16, 32, 48] as const;

/**
 * Android crops a maskable icon to a shape inside the middle 80% (its safe circle); the owner's
 * image is drawn at 60% on the page colour, so a round or square mark survives every crop whole.
 */
const MASKABLE_SCALE = 0.6;

const png = (image: Sharp) => image.png({ compressionLevel: 9 }).toBuffer();

/**
 * Every icon browsers and phones ask for, from one square image (already decoded upright, as a PNG
 * or any format sharp reads). Made once when the brand section first names the image, stored with
 * its renditions (docs/decisions/075-logo-and-favicon.md).
 */
export async function makeFaviconSet(square: Buffer): Promise<Record<FaviconFile, Buffer>> {
  // The source is decoded once to the largest size any icon needs; each icon is made from that.
  const base = await sharp(square).rotate().resize(512, 512, { fit: 'cover' }).toColourspace('srgb').png().toBuffer();
  const sized = (size: number) => sharp(base).resize(size, size);
  const maskable = async (size: number) => {
    const inner = Math.round(size * MASKABLE_SCALE);
    const mark = await sharp(base).resize(inner, inner).png().toBuffer();
    return png(
      sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOUR } }).composite([
        { input: mark, gravity: 'centre' },
      ]),
    );
  };
  const ico = icoFile(await Promise.all(ICO_SIZES.map(async (size) => ({ size, png: await png(sized(size)) }))));
  return {
    'favicon.ico': ico,
    'icon-32.png': await png(sized(32)),
    // iOS shows a transparent corner as black: the touch icon is opaque, on the page colour.
    'apple-touch-icon.png': await png(sized(180).flatten({ background: THEME_COLOUR })),
    'icon-192.png': await png(sized(192)),
    'icon-512.png': await png(sized(512)),
    'icon-maskable-192.png': await maskable(192),
    'icon-maskable-512.png': await maskable(512),
  };
}
