import { formatFileSize } from '#common/file-size.ts';
import { formatLength } from '#common/project-file-warnings.ts';
import { CLIENT_FILE_CATEGORY_LABELS, type AnalysisState, type ProjectFileView } from '#common/projects.ts';

/** A measurement the analysis could not give (or has not given yet). */
export const NO_VALUE = '–';

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/**
 * One file's facts as the table and the phone cards write them. Numbers come straight from the
 * analysis; a lossy file has a bitrate where PCM has a bit depth.
 */
export function fileFacts(file: ProjectFileView) {
  const a = file.analysis;
  const depth = a?.bitDepth != null ? `${a.bitDepth}-bit` : a?.bitrateKbps != null ? `${Math.round(a.bitrateKbps)} kbps` : NO_VALUE;
  return {
    category: file.category === 'delivery' ? 'Delivery' : (CLIENT_FILE_CATEGORY_LABELS[file.category] ?? file.category),
    size: formatFileSize(file.size),
    // To the hundredth, as the length warnings write it: stems a few milliseconds apart must read apart.
    duration: a?.durationSeconds != null ? formatLength(a.durationSeconds) : NO_VALUE,
    rate: a?.sampleRate != null ? `${trimZero(a.sampleRate / 1000)} kHz` : NO_VALUE,
    depth,
    channels: a?.channels != null ? channelsLabel(a.channels) : NO_VALUE,
    peak: a?.peakDbfs != null ? `${oneDecimal(a.peakDbfs)} dBFS` : NO_VALUE,
    loudness: a?.loudnessLufs != null ? oneDecimal(a.loudnessLufs) : NO_VALUE,
    sha: file.sha256 ? file.sha256.slice(0, 10) : NO_VALUE,
    state: stateLabel(file),
  };
}

/** 44.1, 48, 96: no trailing ".0". */
const trimZero = (value: number) => String(Math.round(value * 10) / 10);

function channelsLabel(channels: number): string {
  if (channels === 1) return 'Mono';
  if (channels === 2) return 'Stereo';
  return `${channels} ch`;
}

/** The portal's words for the same states (the client and the studio talk about one file). */
const STATE_WORDS: Record<AnalysisState, string> = {
  pending: 'Checking…',
  done: 'Checked',
  'not-audio': 'Stored (not audio)',
  failed: 'Could not read the audio',
};

export function stateLabel(file: ProjectFileView): string {
  if (file.removedAt) return 'Removed';
  return STATE_WORDS[file.analysisState] ?? file.analysisState;
}

/** Any file still being checked: the page asks again until none is. */
export const hasPendingFiles = (files: ProjectFileView[]) => files.some((file) => file.analysisState === 'pending' && !file.removedAt);
