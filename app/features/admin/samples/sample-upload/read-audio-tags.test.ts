import { describe, expect, it } from 'vitest';
import { taggedAiff, taggedFlac, taggedM4a, taggedMp3, taggedWav } from '#common/tagged-audio-fixtures.ts';
import { readAudioTags, type ReadBytes } from './read-audio-tags.ts';

const reader =
  (bytes: Buffer): ReadBytes =>
  async (offset, length) =>
    new Uint8Array(bytes.subarray(offset, offset + length));
const tagsOf = (bytes: Buffer) => readAudioTags(reader(bytes), bytes.length);

describe('readAudioTags', () => {
  it('reads a WAV’s RIFF INFO title and artist after its samples, and its length from the data size', async () => {
    const tags = await tagsOf(taggedWav(1.5, { title: 'Night Drive', artist: 'Ana Sol' }));
    expect(tags).toEqual({ title: 'Night Drive', artist: 'Ana Sol', seconds: 1.5 });
  });

  it('reads a WAV’s id3 chunk, in UTF-16 as iTunes writes it', async () => {
    const tags = await tagsOf(taggedWav(2, { title: 'Café Noir', artist: 'Zoë' }, { id3: true }));
    expect(tags).toEqual({ title: 'Café Noir', artist: 'Zoë', seconds: 2 });
  });

  it('reads an MP3’s ID3v2 tag, and its length from the bit rate', async () => {
    const tags = await tagsOf(taggedMp3(383, { title: 'Low Light', artist: 'The Rooms' }));
    expect(tags.title).toBe('Low Light');
    expect(tags.artist).toBe('The Rooms');
    // 383 frames of 1152 samples at 44.1 kHz: 10.0 s.
    expect(tags.seconds).toBeCloseTo(10, 0);
  });

  it('reads FLAC Vorbis comments whatever the key’s case, and STREAMINFO’s length', async () => {
    expect(await tagsOf(taggedFlac(185, { title: 'Tide', artist: 'Mare' }))).toEqual({ title: 'Tide', artist: 'Mare', seconds: 185 });
  });

  it('reads AIFF NAME and AUTH, and COMM’s length', async () => {
    expect(await tagsOf(taggedAiff(44_100 * 3, { title: 'Loop 4', artist: 'Studio B' }))).toEqual({
      title: 'Loop 4',
      artist: 'Studio B',
      seconds: 3,
    });
  });

  it('reads M4A iTunes atoms and the movie header’s length', async () => {
    expect(await tagsOf(taggedM4a(200, { title: 'Blue Hour', artist: 'Kai' }))).toEqual({
      title: 'Blue Hour',
      artist: 'Kai',
      seconds: 200,
    });
  });

  it('answers only what a file says: no tags, just the length', async () => {
    expect(await tagsOf(taggedWav(1, {}))).toEqual({ seconds: 1 });
  });

  it('answers nothing for an empty file, a document or a cut-off header, and never throws', async () => {
    expect(await tagsOf(Buffer.alloc(0))).toEqual({});
    expect(await tagsOf(Buffer.from('<!doctype html><title>x</title>'))).toEqual({});
    const cut = taggedFlac(10, { title: 'Cut' }).subarray(0, 30);
    await expect(tagsOf(cut)).resolves.toBeTypeOf('object');
  });
});
