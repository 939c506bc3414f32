import { describe, expect, it } from 'vitest';
import {
  fileWarnings,
  formatLength,
  projectFileWarnings,
  projectWarnings,
  UNREADABLE_AUDIO_WARNING,
  type AnalysedFile,
} from './project-file-warnings.ts';
import type { FileAnalysis } from './projects.ts';

const goodWav: FileAnalysis = {
  format: 'wav',
  durationSeconds: 192.4,
  sampleRate: 48_000,
  bitDepth: 24,
  channels: 2,
  bitrateKbps: null,
  peakDbfs: -8.2,
  loudnessLufs: -20.1,
};
const mp3 = (bitrateKbps: number): FileAnalysis => ({ ...goodWav, format: 'mp3', sampleRate: 44_100, bitDepth: null, bitrateKbps });

describe('fileWarnings', () => {
  it('has nothing to say about a 24-bit 48 kHz WAV with headroom, nor a 320 kbps MP3 at 44.1 kHz', () => {
    expect(fileWarnings(goodWav)).toEqual([]);
    expect(fileWarnings({ ...goodWav, bitDepth: 32, sampleRate: 96_000 })).toEqual([]);
    expect(fileWarnings(mp3(320))).toEqual([]);
  });

  it('asks for 24-bit and 48 kHz from PCM files', () => {
    expect(fileWarnings({ ...goodWav, bitDepth: 16, sampleRate: 44_100 })).toEqual([
      '16-bit: we ask for 24-bit or more. Export again at 24-bit if your session allows.',
      'Sample rate 44.1 kHz: we ask for 48 kHz or more. If your session runs at 44.1 kHz, send it as it is rather than converting it.',
    ]);
  });

  it('asks for 320 kbps from lossy files, naming the format', () => {
    expect(fileWarnings(mp3(192))).toEqual(['MP3 at 192 kbps: please send WAV or AIFF if you have them, or at least 320 kbps.']);
    expect(fileWarnings({ ...mp3(256), format: 'm4a' })[0]).toMatch(/^AAC at 256 kbps/);
  });

  it('warns about peaks above -6 dBFS, and says when they reach full scale', () => {
    expect(fileWarnings({ ...goodWav, peakDbfs: -6 })).toEqual([]);
    expect(fileWarnings({ ...goodWav, peakDbfs: -5.97 })).toEqual([]);
    expect(fileWarnings({ ...goodWav, peakDbfs: -2.14 })).toEqual([
      'Peaks reach -2.1 dBFS: leave headroom, with peaks at -6 dBFS or below.',
    ]);
    expect(fileWarnings({ ...goodWav, peakDbfs: 0 })[0]).toMatch(/^Peaks reach 0\.0 dBFS \(full scale: it may be clipped\)/);
  });

  it('says nothing about what was not measured', () => {
    const unknown = { ...goodWav, sampleRate: null, bitDepth: null, bitrateKbps: null, peakDbfs: null };
    expect(fileWarnings(unknown)).toEqual([]);
  });
});

describe('projectWarnings (the stems as a set)', () => {
  const stem = (name: string, changes: Partial<FileAnalysis> = {}) => ({ name, analysis: { ...goodWav, ...changes } });

  it('accepts stems within 50 ms of each other at one sample rate', () => {
    expect(
      projectWarnings([stem('kick.wav'), stem('bass.wav', { durationSeconds: 192.44 }), { name: 'notes.pdf', analysis: null }]),
    ).toEqual([]);
  });

  it('warns when lengths differ by more than 50 ms, and when sample rates differ', () => {
    expect(projectWarnings([stem('kick.wav'), stem('bass.wav', { durationSeconds: 190.06, sampleRate: 44_100 })])).toEqual([
      'The stems are not all the same length (from 3:10.06 to 3:12.40): ' +
        'export every track from the same start point to the same end, so they line up.',
      "The stems do not share one sample rate (44.1 kHz, 48 kHz): export them all at your session's rate.",
    ]);
  });
});

describe('projectFileWarnings (what the files table shows)', () => {
  const file = (name: string, category: AnalysedFile['category'], changes: Partial<FileAnalysis> = {}): AnalysedFile => ({
    name,
    category,
    analysis: { ...goodWav, ...changes },
  });

  it('checks stems only: a loud reference track or a 16-bit rough mix is fine', () => {
    const result = projectFileWarnings([
      file('kick.wav', 'stems', { bitDepth: 16 }),
      file('reference.mp3', 'reference', { peakDbfs: -0.1, bitrateKbps: 128 }),
      file('rough.wav', 'rough_mix', { bitDepth: 16 }),
      { name: 'stems.zip', category: 'stems', analysis: null },
    ]);
    expect(result.files.map((warnings) => warnings.length)).toEqual([1, 0, 0, 0]);
    expect(result.stems).toEqual([]);
  });

  it('warns about a file that looked like audio but whose sound could not be read, whatever its category; not about a ZIP', () => {
    const result = projectFileWarnings([
      { name: 'noise.wav', category: 'stems', analysis: null, analysisState: 'not-audio' },
      { name: 'reference.mp3', category: 'reference', analysis: null, analysisState: 'failed' },
      { name: 'stems.zip', category: 'stems', analysis: null, analysisState: 'not-audio' },
      { name: 'master.wav', category: 'delivery', analysis: null, analysisState: 'not-audio' },
      { name: 'pending.wav', category: 'stems', analysis: null, analysisState: 'pending' },
    ]);
    expect(result.files).toEqual([[UNREADABLE_AUDIO_WARNING], [UNREADABLE_AUDIO_WARNING], [], [], []]);
  });

  it('marks the stems whose length differs from most stems', () => {
    const result = projectFileWarnings([
      file('kick.wav', 'stems'),
      file('snare.wav', 'stems', { durationSeconds: 192.42 }),
      file('vocal.wav', 'stems', { durationSeconds: 180 }),
      file('reference.wav', 'reference', { durationSeconds: 200 }),
    ]);
    expect(result.files).toEqual([[], [], ['Length 3:00.00: most stems are 3:12.40.'], []]);
    expect(result.stems).toHaveLength(1);
  });

  it('marks every stem when no length is shared by most', () => {
    const result = projectFileWarnings([file('a.wav', 'stems'), file('b.wav', 'stems', { durationSeconds: 100 })]);
    expect(result.files).toEqual([
      ['Length 3:12.40: the stems are not all the same length.'],
      ['Length 1:40.00: the stems are not all the same length.'],
    ]);
  });
});

describe('formatLength', () => {
  it('writes minutes, seconds and hundredths', () => {
    expect(formatLength(0)).toBe('0:00.00');
    expect(formatLength(59.999)).toBe('1:00.00');
    expect(formatLength(3725.5)).toBe('62:05.50');
  });
});
