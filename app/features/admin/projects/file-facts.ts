import { formatFileSize } from '#common/file-size.ts';
import { formatTime } from '#common/format-time.ts';
import { CLIENT_FILE_CATEGORY_LABELS, type ProjectFileView } from '#common/projects.ts';

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
    duration: a?.durationSeconds != null ? formatTime(a.durationSeconds) : NO_VALUE,
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

export function stateLabel(file: ProjectFileView): string {
  if (file.removedAt) return 'Removed';
  switch (file.analysisState) {
    case 'pending':
      return 'Analysing...';
    case 'done':
      return 'Analysed';
    case 'not-audio':
      return 'Not audio';
    case 'failed':
      return 'Could not analyse';
    default:
      return file.analysisState;
  }
}

/** Any file still being checked: the page asks again until none is. */
export const hasPendingFiles = (files: ProjectFileView[]) => files.some((file) => file.analysisState === 'pending' && !file.removedAt);
