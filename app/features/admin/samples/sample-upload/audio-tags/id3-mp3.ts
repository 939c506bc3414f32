import { ascii, clean, MAX_TAG_BYTES, merge, positive, type AudioTags, type ReadBytes, view } from './tag-bytes.ts';

// ID3v2 (MP3, and a chunk of WAV and AIFF), and the length of an MP3 from its first frame.

const syncsafe = (bytes: Uint8Array, at: number) => (bytes[at] << 21) | (bytes[at + 1] << 14) | (bytes[at + 2] << 7) | bytes[at + 3];

/** Total size of an ID3v2 tag starting at `bytes[0]`, header included; 0 when there is none. */
function id3Size(bytes: Uint8Array): number {
  return bytes.length >= 10 && ascii(bytes, 0, 3) === 'ID3' ? 10 + syncsafe(bytes, 6) + (bytes[5] & 0x10 ? 10 : 0) : 0;
}

/** Text frames TIT2/TT2 (title), TPE1/TP1 (artist) and TLEN/TLE (length in ms) of a whole ID3v2 tag. */
export function id3(tag: Uint8Array): AudioTags {
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

export async function readMp3(read: ReadBytes, size: number): Promise<AudioTags> {
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
