import { MAX_PEAK_DBFS, MAX_STEM_LENGTH_DIFFERENCE_SECONDS, MIN_BIT_DEPTH, MIN_LOSSY_KBPS, MIN_SAMPLE_RATE_HZ } from './file-rules.ts';
import type { AnalysisState, ClientFileCategory, FileAnalysis } from './projects.ts';

/*
 * What the studio's file rules (file-rules.ts) say about a client's uploads, in words for the
 * client: shown beside each file in the project's file table, and above it for the set of stems.
 * The rules are for the stems the studio mixes; reference tracks and rough mixes are only listened
 * to, so they get no warnings, unless their audio cannot be read at all. A file not analysed (yet)
 * gets none either.
 */

export interface AnalysedFile {
  name: string;
  category: ClientFileCategory | 'delivery';
  analysis: FileAnalysis | null;
  analysisState?: AnalysisState;
}

/**
 * A client's file that arrived looking like audio (its first bytes, or it would have been refused)
 * but whose sound could not be read: damaged, cut short, or something else behind an audio header.
 * Whatever its category, the studio cannot use it, so the client hears it now rather than finding
 * "Stored (not audio)" later. A ZIP is stored unread by design and gets no warning.
 */
export const UNREADABLE_AUDIO_WARNING =
  'We could not read the audio in this file: it may be damaged or cut short. Export it again and send the new file.';

function isUnreadableAudio(file: AnalysedFile): boolean {
  if (file.category === 'delivery') return false;
  if (file.analysisState === 'failed') return true;
  return file.analysisState === 'not-audio' && !/\.zip$/i.test(file.name);
}

export interface ProjectFileWarnings {
  /** Each file's warnings, in the order the files were given (empty for most). */
  files: string[][];
  /** Warnings about the stems as a set (lengths, sample rates). */
  stems: string[];
}

const FORMAT_NAMES: Record<string, string> = { mp3: 'MP3', m4a: 'AAC', aac: 'AAC', ogg: 'Ogg Vorbis', opus: 'Opus' };

const kilohertz = (hz: number) => `${Number((hz / 1000).toFixed(1))} kHz`;
const decibels = (db: number) => `${db.toFixed(1)} dBFS`;

/** `3:12.40`: lengths that differ by a few hundredths of a second must read differently. */
export function formatLength(seconds: number): string {
  const hundredths = Math.round(seconds * 100);
  const minutes = Math.floor(hundredths / 6000);
  return `${minutes}:${((hundredths % 6000) / 100).toFixed(2).padStart(5, '0')}`;
}

/** The rules one stem is checked against: bit depth and sample rate (PCM and lossless), bitrate (lossy), headroom. */
export function fileWarnings(analysis: FileAnalysis): string[] {
  const warnings: string[] = [];
  const { bitDepth, sampleRate, bitrateKbps, peakDbfs } = analysis;
  if (bitDepth !== null && bitDepth < MIN_BIT_DEPTH) {
    warnings.push(`${bitDepth}-bit: we ask for ${MIN_BIT_DEPTH}-bit or more. Export again at ${MIN_BIT_DEPTH}-bit if your session allows.`);
  }
  if (bitDepth !== null && sampleRate !== null && sampleRate < MIN_SAMPLE_RATE_HZ) {
    warnings.push(
      `Sample rate ${kilohertz(sampleRate)}: we ask for ${kilohertz(MIN_SAMPLE_RATE_HZ)} or more. ` +
        `If your session runs at ${kilohertz(sampleRate)}, send it as it is rather than converting it.`,
    );
  }
  if (bitrateKbps !== null && bitrateKbps < MIN_LOSSY_KBPS) {
    const name = FORMAT_NAMES[analysis.format] ?? 'Compressed audio';
    warnings.push(`${name} at ${bitrateKbps} kbps: please send WAV or AIFF if you have them, or at least ${MIN_LOSSY_KBPS} kbps.`);
  }
  // Judged at the tenth of a decibel shown, so a stem peaking at exactly -6.0 dBFS passes.
  if (peakDbfs !== null && Math.round(peakDbfs * 10) / 10 > MAX_PEAK_DBFS) {
    const clipped = peakDbfs >= 0 ? ' (full scale: it may be clipped)' : '';
    warnings.push(`Peaks reach ${decibels(peakDbfs)}${clipped}: leave headroom, with peaks at ${MAX_PEAK_DBFS} dBFS or below.`);
  }
  return warnings;
}

interface NamedAnalysis {
  name: string;
  analysis: FileAnalysis | null;
}

/** Groups of lengths within the tolerance of their group's shortest, shortest group first. */
function lengthGroups(stems: readonly { index: number; seconds: number }[]): { index: number; seconds: number }[][] {
  const sorted = [...stems].sort((a, b) => a.seconds - b.seconds);
  const groups: { index: number; seconds: number }[][] = [];
  for (const stem of sorted) {
    const group = groups.at(-1);
    if (group && stem.seconds - group[0].seconds <= MAX_STEM_LENGTH_DIFFERENCE_SECONDS) group.push(stem);
    else groups.push([stem]);
  }
  return groups;
}

/** Warnings about the stems as a set: pass the project's files of category `stems`. */
export function projectWarnings(stems: readonly NamedAnalysis[]): string[] {
  const warnings: string[] = [];
  const lengths = stems.flatMap(({ analysis }) => (analysis?.durationSeconds != null ? [analysis.durationSeconds] : []));
  if (lengths.length > 1 && Math.max(...lengths) - Math.min(...lengths) > MAX_STEM_LENGTH_DIFFERENCE_SECONDS) {
    warnings.push(
      `The stems are not all the same length (from ${formatLength(Math.min(...lengths))} to ${formatLength(Math.max(...lengths))}): ` +
        'export every track from the same start point to the same end, so they line up.',
    );
  }
  const rates = [...new Set(stems.flatMap(({ analysis }) => (analysis?.sampleRate ? [analysis.sampleRate] : [])))].sort((a, b) => a - b);
  if (rates.length > 1) {
    warnings.push(`The stems do not share one sample rate (${rates.map(kilohertz).join(', ')}): export them all at your session's rate.`);
  }
  return warnings;
}

/** The stems whose length differs from most stems' (or every stem, when no length is shared by most), with their warning. */
function lengthOutliers(stems: readonly { index: number; seconds: number }[]): Map<number, string> {
  const outliers = new Map<number, string>();
  const groups = lengthGroups(stems);
  if (groups.length < 2) return outliers;
  const largest = Math.max(...groups.map((group) => group.length));
  const majorities = groups.filter((group) => group.length === largest);
  const majority = majorities.length === 1 ? majorities[0] : null;
  for (const group of groups) {
    if (group === majority) continue;
    for (const stem of group) {
      const comparison = majority ? `most stems are ${formatLength(majority[0].seconds)}` : 'the stems are not all the same length';
      outliers.set(stem.index, `Length ${formatLength(stem.seconds)}: ${comparison}.`);
    }
  }
  return outliers;
}

/** What a project's file table shows: warnings per file (stems only) and for the stems as a set. */
export function projectFileWarnings(files: readonly AnalysedFile[]): ProjectFileWarnings {
  const stems = files.flatMap((file, index) => (file.category === 'stems' ? [{ ...file, index }] : []));
  const timed = stems.flatMap(({ index, analysis }) =>
    analysis?.durationSeconds != null ? [{ index, seconds: analysis.durationSeconds }] : [],
  );
  const outliers = lengthOutliers(timed);
  return {
    files: files.map((file, index) => {
      if (isUnreadableAudio(file)) return [UNREADABLE_AUDIO_WARNING];
      if (file.category !== 'stems' || !file.analysis) return [];
      const length = outliers.get(index);
      return length ? [...fileWarnings(file.analysis), length] : fileWarnings(file.analysis);
    }),
    stems: projectWarnings(stems),
  };
}
