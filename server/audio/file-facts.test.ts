import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireTool } from '#server/test-support/system-tools.ts';
import { aiff, mp3Frames, rf64, sine, wavWithChunks } from '#server/test-support/audio-files.ts';
import { silentFlac } from '#server/test-support/silent-flac.ts';
import { analyseProjectAudio, toFileAnalysis } from './file-facts.ts';
import { encodeWav } from './wav.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'studio-file-facts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const filePath = path.join(folder, name);
  writeFileSync(filePath, bytes);
  return filePath;
}

describe('analyseProjectAudio: WAV', () => {
  it('reads a 16-bit 44.1 kHz stereo file and measures its level (a 1 kHz tone at -23 dBFS: -23 LUFS)', async () => {
    const tone = sine(44_100, 5, -23);
    const measured = await analyseProjectAudio(file('16-bit.wav', encodeWav([tone, tone], 44_100)));
    expect(measured).toMatchObject({ format: 'wav', durationSeconds: 5, sampleRate: 44_100, bitDepth: 16, channels: 2, bitrateKbps: null });
    expect(measured?.peakDbfs).toBeCloseTo(-23, 1);
    expect(measured?.truePeakDbtp).toBeCloseTo(-23, 1);
    expect(Math.abs((measured?.loudnessLufs ?? 0) + 23)).toBeLessThanOrEqual(0.1);
    expect(measured?.loudnessRangeLu).toBeCloseTo(0, 1);
    expect(measured?.peaks).toHaveLength(1000);
    expect(Math.max(...(measured?.peaks ?? []))).toBe(1);
  });

  it('reads a 24-bit WAVE_FORMAT_EXTENSIBLE file at 48 kHz', async () => {
    const tone = sine(48_000, 2, -3);
    const measured = await analyseProjectAudio(file('24-bit.wav', encodeWav([tone, tone], 48_000, { bitDepth: 24, extensible: true })));
    expect(measured).toMatchObject({ format: 'wav', durationSeconds: 2, sampleRate: 48_000, bitDepth: 24, channels: 2 });
    expect(measured?.peakDbfs).toBeCloseTo(-3, 1);
    expect(Math.abs((measured?.loudnessLufs ?? 0) + 3)).toBeLessThanOrEqual(0.1);
  });

  it('reads 32-bit float samples above full scale as they are (+3.5 dBFS), mono at 96 kHz', async () => {
    const measured = await analyseProjectAudio(file('float.wav', encodeWav([sine(96_000, 1, 3.5)], 96_000, { float: true })));
    expect(measured).toMatchObject({ format: 'wav', durationSeconds: 1, sampleRate: 96_000, bitDepth: 32, channels: 1 });
    expect(measured?.peakDbfs).toBeCloseTo(3.5, 1);
    // Mono counts as one channel: 3 LU below the same tone in stereo.
    expect(Math.abs((measured?.loudnessLufs ?? 0) - 0.5)).toBeLessThanOrEqual(0.1);
  });

  it('measures only the samples: chunks before the format and after the data are skipped, not heard', async () => {
    const tone = sine(48_000, 1, -20);
    const noise = Buffer.alloc(48_001, 0x7f); // loud as sound, and odd-sized (padded)
    const measured = await analyseProjectAudio(
      file('chunks.wav', wavWithChunks([tone, tone], 48_000, { bitDepth: 24 }, { before: noise, after: noise })),
    );
    expect(measured).toMatchObject({ durationSeconds: 1, bitDepth: 24 });
    expect(measured?.peakDbfs).toBeCloseTo(-20, 1);
  });

  it('reads an RF64 file (the WAV of files over 4 GB)', async () => {
    const tone = sine(48_000, 1.5, -12);
    const measured = await analyseProjectAudio(file('rf64.wav', rf64([tone, tone], 48_000, { bitDepth: 24 })));
    expect(measured).toMatchObject({ format: 'wav', durationSeconds: 1.5, sampleRate: 48_000, bitDepth: 24, channels: 2 });
    expect(measured?.peakDbfs).toBeCloseTo(-12, 1);
  });

  it('keeps only the FileAnalysis fields for the file table', async () => {
    const tone = sine(48_000, 1, -6);
    const measured = await analyseProjectAudio(file('plain.wav', encodeWav([tone, tone], 48_000)));
    expect(Object.keys(toFileAnalysis(measured!)).sort()).toEqual(
      ['bitDepth', 'bitrateKbps', 'channels', 'durationSeconds', 'format', 'loudnessLufs', 'peakDbfs', 'sampleRate'].sort(),
    );
  });
});

describe('analyseProjectAudio: AIFF, FLAC, MP3', () => {
  it('reads big-endian AIFF, little-endian AIFF-C (sowt), a sound chunk before the common chunk, and a tag after the samples', async () => {
    const tone = sine(48_000, 1, -10);
    for (const [name, options] of [
      ['24-bit.aiff', { bitDepth: 24 }],
      ['sowt.aifc', { bitDepth: 16, sowt: true }],
      ['sound-first.aiff', { bitDepth: 24, soundFirst: true }],
      ['tagged.aiff', { bitDepth: 16, after: Buffer.alloc(4001, 0x7f) }],
    ] as const) {
      const measured = await analyseProjectAudio(file(name, aiff([tone, tone], 48_000, options)));
      expect(measured, name).toMatchObject({
        format: 'aiff',
        durationSeconds: 1,
        sampleRate: 48_000,
        bitDepth: options.bitDepth,
        channels: 2,
      });
      expect(measured?.peakDbfs, name).toBeCloseTo(-10, 1);
    }
  });

  it('reads FLAC from its STREAMINFO; silence has no peak or loudness', async () => {
    const measured = await analyseProjectAudio(file('silent.flac', silentFlac({ seconds: 10, sampleRate: 48_000 })));
    expect(measured).toMatchObject({ format: 'flac', sampleRate: 48_000, bitDepth: 16, channels: 2, bitrateKbps: null });
    expect(measured?.durationSeconds).toBeCloseTo(10, 0);
    expect(measured).toMatchObject({ peakDbfs: null, loudnessLufs: null, truePeakDbtp: null, loudnessRangeLu: null });
  });

  it('reads a constant-bitrate MP3 from its frame header, and a VBR one from its Xing header', async () => {
    const cbr = await analyseProjectAudio(file('cbr.mp3', mp3Frames(400, { kbps: 320 })));
    expect(cbr).toMatchObject({ format: 'mp3', sampleRate: 44_100, bitDepth: null, channels: 2, bitrateKbps: 320 });
    expect(cbr?.durationSeconds).toBeCloseTo((400 * 1152) / 44_100, 0);

    // 400 frames of 128 kbps, announced as 245 kbps on average: the Xing header is believed.
    const seconds = (399 * 1152) / 44_100;
    const vbr = await analyseProjectAudio(
      file('vbr.mp3', mp3Frames(400, { vbrHeader: { tag: 'Xing', bytes: Math.round((245_000 * seconds) / 8) } })),
    );
    expect(vbr).toMatchObject({ format: 'mp3', bitrateKbps: 245 });
    // An Info header marks a constant bitrate: the frame header's.
    const info = await analyseProjectAudio(file('info.mp3', mp3Frames(400, { vbrHeader: { tag: 'Info', bytes: 1 } })));
    expect(info).toMatchObject({ format: 'mp3', bitrateKbps: 128 });
  });

  it('reads an MP3 behind an ID3v2 tag', async () => {
    const tag = Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x01\x00', 'latin1'), Buffer.alloc(128)]);
    expect(await analyseProjectAudio(file('tagged.mp3', Buffer.concat([tag, mp3Frames(100)])))).toMatchObject({
      format: 'mp3',
      bitrateKbps: 128,
    });
  });
});

describe('analyseProjectAudio: what it does not measure', () => {
  it('answers null for a ZIP, text, an empty file and a WAV without a format chunk', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100)]);
    expect(await analyseProjectAudio(file('stems.zip', zip))).toBeNull();
    expect(await analyseProjectAudio(file('notes.txt', Buffer.from('Tempo 92, key of F')))).toBeNull();
    expect(await analyseProjectAudio(file('empty.wav', Buffer.alloc(0)))).toBeNull();
    expect(await analyseProjectAudio(file('broken.wav', Buffer.from('RIFF\x10\x00\x00\x00WAVEdata\x00\x00\x00\x00', 'latin1')))).toBeNull();
  });

  it('keeps the header facts of a file longer than the limit, without decoding it', async () => {
    const claimsFourHours = file('four-hours.flac', silentFlac({ seconds: 1, declaredSeconds: 4 * 3600 }));
    const measured = await analyseProjectAudio(claimsFourHours);
    expect(measured).toMatchObject({ format: 'flac', durationSeconds: 4 * 3600, peakDbfs: null, loudnessLufs: null, peaks: null });
  });

  it('stops decoding at the limit when the header lies about the length', async () => {
    const lying = file('lies.flac', silentFlac({ seconds: 120, declaredSeconds: 10 }));
    const measured = await analyseProjectAudio(lying, 60);
    expect(measured).toMatchObject({ format: 'flac', durationSeconds: 10, peaks: null });
  });

  it('describes without measuring a header that claims 40 channels', async () => {
    const header = encodeWav(
      Array.from({ length: 40 }, () => new Float32Array(100)),
      48_000,
    );
    const measured = await analyseProjectAudio(file('forty-channels.wav', header));
    expect(measured).toMatchObject({ format: 'wav', channels: 40, sampleRate: 48_000, bitDepth: 16, peakDbfs: null, peaks: null });
  });

  it('throws when the file cannot be read', async () => {
    await expect(analyseProjectAudio(path.join(folder, 'missing.wav'))).rejects.toThrow(/ENOENT/);
    const directory = path.join(folder, 'a-folder.wav');
    mkdirSync(directory);
    await expect(analyseProjectAudio(directory)).rejects.toThrow(/EISDIR/);
  });
});

describe('analyseProjectAudio on files encoded by ffmpeg', () => {
  const encode = (source: string, name: string, args: string[]) => {
    requireTool('ffmpeg');
    const target = path.join(folder, name);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, ...args, target]);
    return target;
  };

  it('measures MP3, FLAC and M4A like the WAV they were made from', async () => {
    const tone = sine(48_000, 10, -20, 997);
    const wav = file('source.wav', encodeWav([tone, tone], 48_000, { bitDepth: 24 }));
    const cases = [
      { name: 'cbr.mp3', args: ['-c:a', 'libmp3lame', '-b:a', '320k'], expected: { format: 'mp3', bitrateKbps: 320, bitDepth: null } },
      { name: '256k.mp3', args: ['-c:a', 'libmp3lame', '-b:a', '256k'], expected: { format: 'mp3', bitrateKbps: 256, bitDepth: null } },
      { name: 'tone.flac', args: ['-c:a', 'flac'], expected: { format: 'flac', bitrateKbps: null, bitDepth: 24 } },
      { name: 'tone.m4a', args: ['-c:a', 'alac', '-movflags', '+faststart'], expected: { format: 'm4a', bitrateKbps: null, bitDepth: 24 } },
    ];
    for (const { name, args, expected } of cases) {
      const measured = await analyseProjectAudio(encode(wav, name, args));
      expect(measured, name).toMatchObject({ ...expected, sampleRate: 48_000, channels: 2 });
      expect(measured?.durationSeconds, name).toBeCloseTo(10, 1);
      // Identical channels are measured as the stereo the file is, not as mono (3 LU quieter).
      expect(Math.abs((measured?.loudnessLufs ?? 0) + 20), name).toBeLessThanOrEqual(0.3);
    }
  });
});
