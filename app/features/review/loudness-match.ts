// Loudness matching for the A/B comparison: the louder version is turned down to the quieter one's
// integrated loudness, so the comparison is about the mix and not about which one is louder (louder
// nearly always sounds "better"). Nothing is ever boosted above its delivered level: a boost could
// clip, and the quieter version is exactly what the client will receive.

export interface MatchedGains {
  /** Gain applied to A and to B, in dB (0 or below). */
  a: number;
  b: number;
  /** False when a loudness is missing (not measured yet, or failed): both play as delivered. */
  matched: boolean;
}

/** Gains in dB that bring the louder of two integrated loudnesses (LUFS) down to the quieter one. */
export function matchedGains(aLufs: number | null, bLufs: number | null): MatchedGains {
  if (aLufs === null || bLufs === null || !Number.isFinite(aLufs) || !Number.isFinite(bLufs)) return { a: 0, b: 0, matched: false };
  const quieter = Math.min(aLufs, bLufs);
  return { a: quieter - aLufs, b: quieter - bLufs, matched: true };
}

/** dB to the linear factor a GainNode or a media element's volume takes (at most 1: never a boost). */
export const dbToLinear = (db: number) => Math.min(1, 10 ** (db / 20));

/** "−6.0 dB" with a true minus sign, "0.0 dB" for no change (never "−0.0"). */
export function formatGainDb(db: number): string {
  const tenths = Math.round(db * 10) / 10;
  if (tenths === 0 || !Number.isFinite(tenths)) return '0.0 dB';
  return `${tenths < 0 ? '\u2212' : '+'}${Math.abs(tenths).toFixed(1)} dB`;
}

/** "−14.2 LUFS", or a dash when unmeasured. */
export function formatLufs(lufs: number | null): string {
  if (lufs === null || !Number.isFinite(lufs)) return '—';
  const tenths = Math.round(lufs * 10) / 10;
  return `${tenths < 0 ? '\u2212' : ''}${Math.abs(tenths).toFixed(1)} LUFS`;
}
