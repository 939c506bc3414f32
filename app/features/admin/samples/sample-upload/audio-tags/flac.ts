import { clean, decodeText, MAX_CHUNKS, MAX_TAG_BYTES, merge, positive, type AudioTags, type ReadBytes, view } from './tag-bytes.ts';

// FLAC: metadata blocks after "fLaC"; the tags are Vorbis comments.

export async function readFlac(read: ReadBytes, size: number): Promise<AudioTags> {
  const found: AudioTags[] = [];
  let offset = 4;
  for (let i = 0; i < MAX_CHUNKS && offset + 4 <= size; i++) {
    const header = await read(offset, 4);
    const type = header[0] & 0x7f;
    const length = (header[1] << 16) | (header[2] << 8) | header[3];
    if (type === 0) {
      const info = await read(offset + 4, 18);
      const rate = (info[10] << 12) | (info[11] << 4) | (info[12] >> 4);
      const samples = (info[13] & 0x0f) * 2 ** 32 + view(info).getUint32(14, false);
      found.push({ seconds: rate > 0 ? positive(samples / rate) : undefined });
    } else if (type === 4) {
      found.push(vorbisComments(await read(offset + 4, Math.min(length, MAX_TAG_BYTES))));
    }
    if (header[0] & 0x80) break;
    offset += 4 + length;
  }
  return merge(...found);
}

function vorbisComments(body: Uint8Array): AudioTags {
  const data = view(body);
  const tags: AudioTags = {};
  let offset = 4 + data.getUint32(0, true);
  const count = data.getUint32(offset, true);
  offset += 4;
  for (let i = 0; i < count && offset + 4 <= body.length; i++) {
    const length = data.getUint32(offset, true);
    const comment = decodeText(body.subarray(offset + 4, offset + 4 + length)) ?? '';
    const equals = comment.indexOf('=');
    const key = comment.slice(0, equals).toUpperCase();
    const value = clean(comment.slice(equals + 1));
    if (key === 'TITLE') tags.title ??= value;
    if (key === 'ARTIST') tags.artist ??= value;
    offset += 4 + length;
  }
  return tags;
}
