/** One picture inside an ICO file: a PNG `size` pixels square. */
export interface IcoImage {
  size: number;
  png: Buffer;
}

/**
 * An ICO file holding PNG images (every browser since IE 11, and Windows since Vista, reads those):
 * a 6-byte header, a 16-byte directory entry per image, then the PNGs as they are.
 * scripts/build-icons.mjs writes the built-in favicon.ico with it too (so this file keeps to erasable types).
 */
export function icoFile(images: readonly IcoImage[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** The images an ICO file holds, read back from its directory (for tests and checks). */
export function readIcoDirectory(ico: Buffer): { width: number; height: number; bitsPerPixel: number; data: Buffer }[] {
  if (ico.length < 6 || ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) throw new Error('not an ICO file');
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + 16 * index;
    const size = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    if (offset + size > ico.length) throw new Error('an ICO entry points past the end of the file');
    return {
      width: ico.readUInt8(entry) || 256,
      height: ico.readUInt8(entry + 1) || 256,
      bitsPerPixel: ico.readUInt16LE(entry + 6),
      data: ico.subarray(offset, offset + size),
    };
  });
}
