import { detectAudioFormat, SIGNATURE_BYTES } from '#common/audio-format.ts';

/** What the upload form fills in from a file's own tags; anything the file does not say is left out. */
export interface AudioTags {
  title?: string;
  artist?: string;
  /** From the headers (sample count, data size, frame count), not from decoding. */
  seconds?: number;
}

/** Reads `length` bytes at `offset` (fewer at the end of the file): a Blob slice in the browser, a Buffer in tests. */
export type ReadBytes = (offset: number, length: number) => Promise<Uint8Array>;

/** A tag block larger than this (cover art in ID3 or a FLAC picture) is read no further: titles sit first. */
const MAX_TAG_BYTES = 512 * 1024;
/** Chunks or boxes walked before giving up on a damaged file. */
const MAX_CHUNKS = 200;

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

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Text as tags store it: NULs and surrounding spaces dropped, nothing at all when empty. */
function clean(text: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const trimmed = text.replace(/\u0000+/g, ' ').trim();
  return trimmed === '' ? undefined : trimmed;
}

/** UTF-8 when it is valid (most tools write it), else Latin-1 (older RIFF and ID3 tags). */
function decodeText(bytes: Uint8Array): string | undefined {
  try {
    return clean(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return clean(new TextDecoder('latin1').decode(bytes));
  }
}

const positive = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);

function merge(...parts: AudioTags[]): AudioTags {
  const merged: AudioTags = {};
  for (const part of parts) {
    merged.title ??= part.title;
    merged.artist ??= part.artist;
    merged.seconds ??= part.seconds;
  }
  for (const key of Object.keys(merged) as (keyof AudioTags)[]) if (merged[key] === undefined) delete merged[key];
  return merged;
}

// --- WAV and AIFF: chunks after a 12-byte FORM/RIFF header -------------------------------------------

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

async function readWav(read: ReadBytes, size: number): Promise<AudioTags> {
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

async function readAiff(read: ReadBytes, size: number): Promise<AudioTags> {
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

// --- FLAC: metadata blocks after "fLaC" ---------------------------------------------------------------

async function readFlac(read: ReadBytes, size: number): Promise<AudioTags> {
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

// --- ID3v2 (MP3, and a chunk of WAV and AIFF) ---------------------------------------------------------

const syncsafe = (bytes: Uint8Array, at: number) => (bytes[at] << 21) | (bytes[at + 1] << 14) | (bytes[at + 2] << 7) | bytes[at + 3];

/** Total size of an ID3v2 tag starting at `bytes[0]`, header included; 0 when there is none. */
function id3Size(bytes: Uint8Array): number {
  return bytes.length >= 10 && ascii(bytes, 0, 3) === 'ID3' ? 10 + syncsafe(bytes, 6) + (bytes[5] & 0x10 ? 10 : 0) : 0;
}

/** Text frames TIT2/TT2 (title), TPE1/TP1 (artist) and TLEN/TLE (length in ms) of a whole ID3v2 tag. */
function id3(tag: Uint8Array): AudioTags {
  if (id3Size(tag) === 0) return {};
  const version = tag[3];
  const short = version === 2;
  const tags: AudioTags = {};
  let offset = 10;
  const end = Math.min(tag.length, id3Size(tag));
  while (offset + (short ? 6 : 10) <= end) {
    const id = ascii(tag, offset, short ? 3 : 4);
    if (!/^[A-Z0-9]{3,4}$/.test(id)) break;
    const length = short
      ? (tag[offset + 3] << 16) | (tag[offset + 4] << 8) | tag[offset + 5]
      : version === 4
        ? syncsafe(tag, offset + 4)
        : view(tag).getUint32(offset + 4, false);
    const body = tag.subarray(offset + (short ? 6 : 10), offset + (short ? 6 : 10) + length);
    if (id === 'TIT2' || id === 'TT2') tags.title ??= id3Text(body);
    if (id === 'TPE1' || id === 'TP1') tags.artist ??= id3Text(body);
    if (id === 'TLEN' || id === 'TLE') tags.seconds ??= positive(Number(id3Text(body)) / 1000);
    offset += (short ? 6 : 10) + length;
  }
  return tags;
}

function id3Text(body: Uint8Array): string | undefined {
  const text = body.subarray(1);
  switch (body[0]) {
    case 0:
      return clean(new TextDecoder('latin1').decode(text));
    case 1:
      return clean(new TextDecoder('utf-16').decode(text));
    case 2:
      return clean(new TextDecoder('utf-16be').decode(text));
    default:
      return clean(new TextDecoder('utf-8').decode(text));
  }
}

// MPEG audio layer III: bit rates (kbit/s) by index, sample rates by index, for MPEG-1 and MPEG-2/2.5.
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

async function readMp3(read: ReadBytes, size: number): Promise<AudioTags> {
  const first = await read(0, 10);
  const tagBytes = id3Size(first);
  const tag = tagBytes > 0 ? id3(await read(0, Math.min(tagBytes, MAX_TAG_BYTES))) : {};
  return merge(tag, { seconds: await mpegSeconds(read, size, tagBytes) });
}

/** From the first frame: its Xing/Info frame count when there is one, else the file's size over its bit rate. */
async function mpegSeconds(read: ReadBytes, size: number, start: number): Promise<number | undefined> {
  const bytes = await read(start, 4096);
  const at = bytes.findIndex((byte, i) => byte === 0xff && (bytes[i + 1] & 0xe0) === 0xe0 && ((bytes[i + 1] >> 1) & 3) === 1);
  if (at < 0 || at + 4 > bytes.length) return undefined;
  const version = (bytes[at + 1] >> 3) & 3;
  const rates = SAMPLE_RATES[version];
  const rate = rates?.[(bytes[at + 2] >> 2) & 3];
  const kbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[bytes[at + 2] >> 4];
  if (!rate || !kbps) return undefined;
  const mono = bytes[at + 3] >> 6 === 3;
  const side = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const xing = at + 4 + side;
  if (['Xing', 'Info'].includes(ascii(bytes, xing, 4)) && bytes[xing + 7] & 1) {
    const frames = view(bytes).getUint32(xing + 8, false);
    return positive((frames * (version === 3 ? 1152 : 576)) / rate);
  }
  return positive(((size - start - at) * 8) / (kbps * 1000));
}

// --- M4A: boxes; the tags sit in moov/udta/meta/ilst, the length in moov/mvhd -------------------------

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

async function readM4a(read: ReadBytes, size: number): Promise<AudioTags> {
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
