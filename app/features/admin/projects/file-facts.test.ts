import { describe, expect, it } from 'vitest';
import type { ProjectFileView } from '#common/projects.ts';
import { fileFacts, hasPendingFiles } from './file-facts.ts';

const file: ProjectFileView = {
  id: 1,
  name: 'kick.wav',
  size: 52_400_000,
  sha256: 'ab12cd34ef56'.padEnd(64, '0'),
  side: 'client',
  category: 'stems',
  createdAt: '2026-03-01T10:00:00.000Z',
  analysisState: 'done',
  analysis: {
    format: 'wav',
    durationSeconds: 215.4,
    sampleRate: 44_100,
    bitDepth: 24,
    channels: 2,
    bitrateKbps: null,
    peakDbfs: -3.04,
    loudnessLufs: -14.26,
  },
  removedAt: null,
};

describe('file facts', () => {
  it('writes an analysed PCM file the way an engineer reads it', () => {
    expect(fileFacts(file)).toEqual({
      category: 'Stems',
      size: '52 MB',
      duration: '3:35.40',
      rate: '44.1 kHz',
      depth: '24-bit',
      channels: 'Stereo',
      peak: '-3.0 dBFS',
      loudness: '-14.3',
      sha: 'ab12cd34ef',
      state: 'Checked',
    });
  });

  it('shows a bitrate for lossy files, dashes for what is unknown, and the state of the check', () => {
    const mp3 = {
      ...file,
      analysis: { ...file.analysis!, format: 'mp3', bitDepth: null, bitrateKbps: 192, sampleRate: 48_000, channels: 1 },
    };
    expect(fileFacts(mp3)).toMatchObject({ depth: '192 kbps', rate: '48 kHz', channels: 'Mono' });
    const zip = { ...file, name: 'stems.zip', analysisState: 'not-audio' as const, analysis: null, sha256: null };
    expect(fileFacts(zip)).toMatchObject({ duration: '–', depth: '–', sha: '–', state: 'Stored (not audio)' });
    expect(fileFacts({ ...file, category: 'delivery', removedAt: '2026-04-01T00:00:00Z' })).toMatchObject({
      category: 'Delivery',
      state: 'Removed',
    });
    expect(hasPendingFiles([file, { ...file, analysisState: 'pending' }])).toBe(true);
    expect(hasPendingFiles([{ ...file, analysisState: 'pending', removedAt: '2026-04-01T00:00:00Z' }])).toBe(false);
  });
});
