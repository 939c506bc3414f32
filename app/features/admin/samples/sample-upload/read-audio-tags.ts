import { detectAudioFormat, SIGNATURE_BYTES } from '#common/audio-format.ts';
import { readFlac } from './audio-tags/flac.ts';
import { readMp3 } from './audio-tags/id3-mp3.ts';
import { readM4a } from './audio-tags/m4a.ts';
import { readAiff, readWav } from './audio-tags/riff-aiff.ts';
import type { AudioTags, ReadBytes } from './audio-tags/tag-bytes.ts';

export type { AudioTags, ReadBytes } from './audio-tags/tag-bytes.ts';

/**
 * The title, artist and length a file declares, read in the browser from a few small slices: ID3v2
 * (MP3, and the `id3 ` chunk of WAV and AIFF), RIFF INFO (WAV), NAME/AUTH (AIFF), Vorbis comments
 * (FLAC) and iTunes atoms (M4A); the length from WAV/AIFF/FLAC headers, MP3's Xing header or bit rate,
 * and M4A's movie header. Never throws: a file it cannot read answers {} (decision 088).
 */
export async function readAudioTags(read: ReadBytes, size: number): Promise<AudioTags> {
  try {
    const head = await read(0, Math.min(size, 64));
    switch (detectAudioFormat(head.subarray(0, SIGNATURE_BYTES))) {
      case 'wav':
        return await readWav(read, size);
      case 'aiff':
        return await readAiff(read, size);
      case 'flac':
        return await readFlac(read, size);
      case 'mp3':
        return await readMp3(read, size);
      case 'm4a':
        return await readM4a(read, size);
      default:
        return {};
    }
  } catch {
    return {};
  }
}

/** A File or Blob as ReadBytes. */
export const blobReader =
  (blob: Blob): ReadBytes =>
  async (offset, length) =>
    new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer());
