import { id3 } from './id3-mp3.ts';
import { ascii, decodeText, MAX_CHUNKS, MAX_TAG_BYTES, merge, positive, type AudioTags, type ReadBytes, view } from './tag-bytes.ts';

// WAV and AIFF: chunks after a 12-byte FORM/RIFF header; each may carry an `id3 ` chunk.

async function* chunks(read: ReadBytes, size: number, littleEndian: boolean) {
  let offset = 12;
  for (let i = 0; i < MAX_CHUNKS && offset + 8 <= size; i++) {
    const header = await read(offset, 8);
    if (header.length < 8) return;
    const id = ascii(header, 0, 4);
    const length = view(header).getUint32(4, littleEndian);
    yield { id, start: offset + 8, length: Math.min(length, size - offset - 8) };
    offset += 8 + length + (length % 2);
  }
}

export async function readWav(read: ReadBytes, size: number): Promise<AudioTags> {
  const found: AudioTags[] = [];
  let byteRate = 0;
  let dataBytes = 0;
  for await (const chunk of chunks(read, size, true)) {
    if (chunk.id === 'fmt ') byteRate = view(await read(chunk.start, 16)).getUint32(8, true);
    else if (chunk.id === 'data') dataBytes = chunk.length;
    else if (chunk.id === 'LIST') {
      const body = await read(chunk.start, Math.min(chunk.length, MAX_TAG_BYTES));
      if (ascii(body, 0, 4) === 'INFO') found.push(riffInfo(body));
    } else if (chunk.id.toLowerCase() === 'id3 ') {
      found.push(id3(await read(chunk.start, Math.min(chunk.length, MAX_TAG_BYTES))));
    }
  }
  return merge(...found, { seconds: byteRate > 0 ? positive(dataBytes / byteRate) : undefined });
}

/** A LIST INFO chunk's body: INAM is the title, IART the artist. */
function riffInfo(body: Uint8Array): AudioTags {
  const tags: AudioTags = {};
  let offset = 4;
  while (offset + 8 <= body.length) {
    const id = ascii(body, offset, 4);
    const length = view(body).getUint32(offset + 4, true);
    const text = decodeText(body.subarray(offset + 8, offset + 8 + length));
    if (id === 'INAM') tags.title ??= text;
    if (id === 'IART') tags.artist ??= text;
    offset += 8 + length + (length % 2);
  }
  return tags;
}

export async function readAiff(read: ReadBytes, size: number): Promise<AudioTags> {
  const found: AudioTags[] = [];
  let seconds: number | undefined;
  for await (const chunk of chunks(read, size, false)) {
    if (chunk.id === 'COMM') {
      const comm = await read(chunk.start, 18);
      seconds = positive(view(comm).getUint32(2, false) / extended80(comm.subarray(8, 18)));
    } else if (chunk.id === 'NAME' || chunk.id === 'AUTH') {
      const text = decodeText(await read(chunk.start, Math.min(chunk.length, 1024)));
      found.push(chunk.id === 'NAME' ? { title: text } : { artist: text });
    } else if (chunk.id.toLowerCase() === 'id3 ') {
      found.push(id3(await read(chunk.start, Math.min(chunk.length, MAX_TAG_BYTES))));
    }
  }
  // ID3 first: it is what music software edits; NAME is often the session's file name.
  return merge(...found.filter((tags) => tags.title !== undefined || tags.artist !== undefined).reverse(), { seconds });
}

/** The 80-bit IEEE 754 extended number AIFF stores its sample rate in. */
function extended80(bytes: Uint8Array): number {
  const exponent = ((bytes[0] & 0x7f) << 8) | bytes[1];
  const mantissa = view(bytes).getUint32(2, false) * 2 ** 32 + view(bytes).getUint32(6, false);
  return mantissa * 2 ** (exponent - 16383 - 63);
}
