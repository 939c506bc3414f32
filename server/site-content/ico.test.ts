import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { icoFile, readIcoDirectory } from './ico.ts';

const square = (size: number, colour: string) =>
  sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .png()
    .toBuffer();

describe('the ICO writer', () => {
  it('writes a directory naming each PNG with its size, each readable where the directory says', async () => {
    const pngs = [
      { size: 16, png: await square(16, '#ff0000') },
      { size: 32, png: await square(32, '#00ff00') },
      { size: 48, png: await square(48, '#0000ff') },
    ];
    const ico = icoFile(pngs);
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    const entries = readIcoDirectory(ico);
    expect(entries.map(({ width, height, bitsPerPixel }) => [width, height, bitsPerPixel])).toEqual([
      [16, 16, 32],
      [32, 32, 32],
      [48, 48, 32],
    ]);
    for (const [index, entry] of entries.entries()) {
      expect(entry.data.equals(pngs[index]!.png)).toBe(true);
      const { width, format } = await sharp(entry.data).metadata();
      expect([format, width]).toEqual(['png', pngs[index]!.size]);
    }
    // Nothing after the last image: the file is exactly header, directory and PNGs.
    expect(ico.length).toBe(6 + 16 * 3 + pngs.reduce((sum, { png }) => sum + png.length, 0));
  });

  it('writes 256 px as 0, as the format says', async () => {
    const entries = readIcoDirectory(icoFile([{ size: 256, png: await square(256, '#ffffff') }]));
    expect(entries[0]).toMatchObject({ width: 256, height: 256 });
  });
});
