import { formatFileSize } from '#common/file-size.ts';
import { formatLength } from '#common/project-file-warnings.ts';

/*
 * How the portal writes what the analysis measured. Missing values read as an en dash, so a column
 * of a table never collapses.
 */
export const NONE = '–';

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

export const formatSize = (bytes: number) => formatFileSize(bytes);
export const formatDuration = (seconds: number | null) => (seconds === null ? NONE : formatLength(seconds));
export const formatSampleRate = (hz: number | null) => (hz === null ? NONE : `${Number((hz / 1000).toFixed(1))} kHz`);
export const formatPeak = (dbfs: number | null) => (dbfs === null ? NONE : `${oneDecimal(dbfs)} dBFS`);
export const formatLoudness = (lufs: number | null) => (lufs === null ? NONE : `${oneDecimal(lufs)} LUFS`);

/** PCM's bit depth, or a lossy file's bitrate (which has no bit depth). */
export function formatResolution(bitDepth: number | null, bitrateKbps: number | null): string {
  if (bitDepth !== null) return `${bitDepth}-bit`;
  if (bitrateKbps !== null) return `${Math.round(bitrateKbps)} kbps`;
  return NONE;
}

export function formatChannels(channels: number | null): string {
  if (channels === null) return NONE;
  if (channels === 1) return 'Mono';
  if (channels === 2) return 'Stereo';
  return `${channels} ch`;
}

// A fixed locale and UTC: the server and the browser write the same words, so hydration matches.
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day (`2026-03-05`) or the day of a timestamp, as `Mar 5, 2026`. */
export function formatDay(dayOrIso: string): string {
  const date = new Date(dayOrIso.length === 10 ? `${dayOrIso}T00:00:00Z` : dayOrIso);
  return Number.isNaN(date.getTime()) ? dayOrIso : calendarDay.format(date);
}
