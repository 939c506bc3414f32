import { ascii, decodeText, MAX_CHUNKS, merge, positive, type AudioTags, type ReadBytes, view } from './tag-bytes.ts';

// M4A: boxes; the tags sit in moov/udta/meta/ilst, the length in moov/mvhd.

async function* boxes(read: ReadBytes, from: number, to: number) {
  let offset = from;
  for (let i = 0; i < MAX_CHUNKS && offset + 8 <= to; i++) {
    const header = await read(offset, 16);
    let length = view(header).getUint32(0, false);
    let headerBytes = 8;
    if (length === 1) {
      length = Number(view(header).getBigUint64(8, false));
      headerBytes = 16;
    } else if (length === 0) length = to - offset;
    if (length < headerBytes) return;
    yield { type: ascii(header, 4, 4), start: offset + headerBytes, end: Math.min(offset + length, to) };
    offset += length;
  }
}

export async function readM4a(read: ReadBytes, size: number): Promise<AudioTags> {
  for await (const box of boxes(read, 0, size)) {
    if (box.type !== 'moov') continue;
    const found: AudioTags = {};
    for await (const child of boxes(read, box.start, box.end)) {
      if (child.type === 'mvhd') {
        const mvhd = await read(child.start, 32);
        const data = view(mvhd);
        const [scale, duration] =
          mvhd[0] === 1
            ? [data.getUint32(20, false), Number(data.getBigUint64(24, false))]
            : [data.getUint32(12, false), data.getUint32(16, false)];
        found.seconds = scale > 0 ? positive(duration / scale) : undefined;
      } else if (child.type === 'udta') {
        Object.assign(found, merge(found, await udtaTags(read, child.start, child.end)));
      }
    }
    return merge(found);
  }
  return {};
}

async function udtaTags(read: ReadBytes, from: number, to: number): Promise<AudioTags> {
  for await (const meta of boxes(read, from, to)) {
    if (meta.type !== 'meta') continue;
    // meta is a full box: 4 bytes of version and flags before its children.
    for await (const ilst of boxes(read, meta.start + 4, meta.end)) {
      if (ilst.type !== 'ilst') continue;
      const tags: AudioTags = {};
      for await (const item of boxes(read, ilst.start, ilst.end)) {
        if (item.type !== '\u00a9nam' && item.type !== '\u00a9ART') continue;
        const body = await read(item.start, Math.min(item.end - item.start, 4096));
        // A `data` box: size, "data", type (4), locale (4), then the text.
        const text = ascii(body, 4, 4) === 'data' ? decodeText(body.subarray(16, view(body).getUint32(0, false))) : undefined;
        if (item.type === '\u00a9nam') tags.title = text;
        else tags.artist = text;
      }
      return tags;
    }
  }
  return {};
}
