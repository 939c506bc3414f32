/**
 * Small audio files with tags, built by code for tests (the tag reader's unit tests, the sample
 * uploader's e2e journey): no fixture files, no encoder. Test-only; nothing in the app imports it.
 */

const u32le = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const chunk = (id: string, body: Buffer, write: (n: number) => Buffer) =>
  Buffer.concat([Buffer.from(id, 'latin1'), write(body.length), body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);

export interface Tags {
  title?: string;
  artist?: string;
}

/** A 16-bit mono 8 kHz WAV of a quiet tone with a LIST INFO chunk (INAM, IART) after its samples, where most tools write it. */
export function taggedWav(seconds: number, tags: Tags, options: { id3?: boolean } = {}): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < samples.length / 2; i++) samples.writeInt16LE(Math.round(Math.sin(i / 3) * 8000), i * 2);
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const info = [
    ...(tags.title ? [chunk('INAM', Buffer.from(`${tags.title}\0`, 'utf8'), u32le)] : []),
    ...(tags.artist ? [chunk('IART', Buffer.from(`${tags.artist}\0`, 'utf8'), u32le)] : []),
  ];
  const tagChunk = options.id3
    ? chunk('id3 ', id3v23(tags), u32le)
    : chunk('LIST', Buffer.concat([Buffer.from('INFO', 'latin1'), ...info]), u32le);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', fmt, u32le), chunk('data', samples, u32le), tagChunk]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

/** An ID3v2.3 tag with TIT2, TPE1 (UTF-16 with BOM, as iTunes writes them) and TLEN. */
export function id3v23(tags: Tags & { lengthMs?: number }): Buffer {
  const frame = (id: string, body: Buffer) => Buffer.concat([Buffer.from(id, 'latin1'), u32be(body.length), Buffer.alloc(2), body]);
  const utf16 = (text: string) => Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const frames = Buffer.concat([
    ...(tags.title ? [frame('TIT2', utf16(tags.title))] : []),
    ...(tags.artist ? [frame('TPE1', utf16(tags.artist))] : []),
    ...(tags.lengthMs ? [frame('TLEN', Buffer.from(`\0${tags.lengthMs}`, 'latin1'))] : []),
  ]);
  const size = frames.length;
  const syncsafe = Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0]), syncsafe, frames]);
}

/** MPEG-1 Layer III frames of silence, 128 kbit/s 44.1 kHz mono (1152 samples each), after an optional ID3 tag. */
export function taggedMp3(frames: number, tags: Tags = {}): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc0]);
  const tag = tags.title || tags.artist ? id3v23(tags) : Buffer.alloc(0);
  return Buffer.concat([tag, ...Array.from({ length: frames }, () => frame)]);
}

/** A FLAC header: STREAMINFO declaring `seconds` at 44.1 kHz, then Vorbis comments. No audio frames. */
export function taggedFlac(seconds: number, tags: Tags): Buffer {
  const rate = 44_100;
  const total = seconds * rate;
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  info[10] = (rate >> 12) & 0xff;
  info[11] = (rate >> 4) & 0xff;
  info[12] = ((rate & 0x0f) << 4) | (1 << 1);
  info[13] = 0xf0 | Math.floor(total / 2 ** 32);
  info.writeUInt32BE(total % 2 ** 32, 14);
  const comments = [...(tags.title ? [`TITLE=${tags.title}`] : []), ...(tags.artist ? [`artist=${tags.artist}`] : [])].map((text) =>
    Buffer.from(text, 'utf8'),
  );
  const vendor = Buffer.from('test', 'utf8');
  const vorbis = Buffer.concat([u32le(vendor.length), vendor, u32le(comments.length), ...comments.flatMap((c) => [u32le(c.length), c])]);
  const block = (type: number, body: Buffer, last: boolean) =>
    Buffer.concat([
      Buffer.from([(last ? 0x80 : 0) | type, (body.length >> 16) & 0xff, (body.length >> 8) & 0xff, body.length & 0xff]),
      body,
    ]);
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), block(0, info, false), block(4, vorbis, true)]);
}

/** An AIFF header: COMM declaring `frames` at 44.1 kHz stereo 16-bit, NAME and AUTH chunks, an empty SSND. */
export function taggedAiff(frames: number, tags: Tags): Buffer {
  const comm = Buffer.alloc(18);
  comm.writeUInt16BE(2, 0);
  comm.writeUInt32BE(frames, 2);
  comm.writeUInt16BE(16, 6);
  // 44100 as an 80-bit extended: exponent 16383 + 15, mantissa 44100 << 48.
  comm.writeUInt16BE(16383 + 15, 8);
  comm.writeUInt32BE(44100 * 2 ** 16, 10);
  const body = Buffer.concat([
    Buffer.from('AIFF', 'latin1'),
    chunk('COMM', comm, u32be),
    ...(tags.title ? [chunk('NAME', Buffer.from(tags.title, 'utf8'), u32be)] : []),
    ...(tags.artist ? [chunk('AUTH', Buffer.from(tags.artist, 'utf8'), u32be)] : []),
    chunk('SSND', Buffer.alloc(8), u32be),
  ]);
  return Buffer.concat([Buffer.from('FORM', 'latin1'), u32be(body.length), body]);
}

/** An M4A skeleton: ftyp, then moov with mvhd (`seconds` at timescale 1000) and udta/meta/ilst ©nam, ©ART. */
export function taggedM4a(seconds: number, tags: Tags): Buffer {
  const box = (type: string, ...children: Buffer[]) => {
    const body = Buffer.concat(children);
    return Buffer.concat([u32be(body.length + 8), Buffer.from(type, 'latin1'), body]);
  };
  const item = (type: string, text: string) => box(type, box('data', u32be(1), u32be(0), Buffer.from(text, 'utf8')));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  const ilst = box(
    'ilst',
    ...(tags.title ? [item('\u00a9nam', tags.title)] : []),
    ...(tags.artist ? [item('\u00a9ART', tags.artist)] : []),
  );
  return Buffer.concat([
    box('ftyp', Buffer.from('M4A \0\0\0\0M4A mp42isom', 'latin1')),
    box('moov', box('mvhd', mvhd), box('udta', box('meta', Buffer.alloc(4), box('hdlr', Buffer.alloc(25)), ilst))),
  ]);
}
