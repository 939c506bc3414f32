import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * A real photo-like image made by sharp: a gradient with a shape on it, so encoders have something
 * to do. `orientation` writes an EXIF orientation (6 = shot with the phone turned: shown rotated),
 * `gps` a GPS position (EXIF IFD3), as a phone camera does.
 */
export async function testImage(options: {
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
  orientation?: number;
  gps?: boolean;
  alpha?: boolean;
}): Promise<Buffer> {
  const { width, height } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#c8643c"/><stop offset="1" stop-color="#3c64c8"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)" ${options.alpha ? 'fill-opacity="0.5"' : ''}/>
    <circle cx="${width / 3}" cy="${height / 3}" r="${Math.min(width, height) / 5}" fill="#f0f0f0"/></svg>`;
  let image = sharp(Buffer.from(svg));
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Copyright: 'test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '84/1 23/1 0/1' },
    });
  }
  return image.toFormat(options.format).toBuffer();
}

/**
 * A decompression bomb: a valid PNG of a few hundred bytes whose header claims `width` x `height`
 * pixels (a 1x1 image with its IHDR rewritten and its checksum made right again).
 */
export async function pixelBombPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), ... CRC over type + data (17 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
