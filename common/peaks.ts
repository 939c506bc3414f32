// A waveform's outline as the database stores it and the API sends it: one byte per peak
// (0 = silence, 255 = the loudest moment of the file), base64 encoded (standard alphabet, padded).
// 1000 peaks make 1336 characters, where JSON numbers with two decimals took about 4.9 KB; the text
// is made once when the server's analysis finishes, every read passes it on untouched, and only the
// browser's player turns it back into numbers, right before drawing (docs/decisions/053-compact-peaks-and-lazy-players.md).
//
// Plain TypeScript with no imports: the server, the migrations' tests and the browser share it.

/** Peaks as base64 text of one byte each; see the module comment. */
export type EncodedPeaks = string;

/** More peaks than any analysis makes (1000): text beyond this is not a waveform of ours. */
export const MAX_PEAK_COUNT = 16_384;

const LEVELS = 255;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One byte per value: clamped to 0..1 first (anything not a finite number counts as silence). */
export function encodePeaks(peaks: ArrayLike<number>): EncodedPeaks {
  let binary = '';
  const count = Math.min(peaks.length, MAX_PEAK_COUNT);
  for (let index = 0; index < count; index++) {
    const value = peaks[index];
    const level = Number.isFinite(value) ? Math.round(Math.min(Math.max(value, 0), 1) * LEVELS) : 0;
    binary += String.fromCharCode(level);
  }
  return btoa(binary);
}

/**
 * The peaks as numbers in 0..1, or null for anything that is not encoded peaks: null, empty or
 * damaged text, or more than MAX_PEAK_COUNT values. Never throws, so a corrupted stored value only
 * costs the stored waveform (the player then decodes the audio itself).
 */
export function decodePeaks(text: unknown): Float32Array | null {
  if (typeof text !== 'string' || text.length === 0 || text.length % 4 !== 0) return null;
  if (text.length > Math.ceil(MAX_PEAK_COUNT / 3) * 4 || !BASE64.test(text)) return null;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  if (binary.length === 0) return null;
  const peaks = new Float32Array(binary.length);
  for (let index = 0; index < binary.length; index++) peaks[index] = binary.charCodeAt(index) / LEVELS;
  return peaks;
}
