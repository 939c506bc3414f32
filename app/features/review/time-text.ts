// Moments as people type and read them: "1:02", "62", "1:02.5".

/** `m:ss` with tenths when the moment is not on a whole second ("0:42", "1:02.5"). */
export function formatMoment(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenths = Math.round(safe * 10);
  const whole = Math.floor(tenths / 10);
  const minutes = Math.floor(whole / 60);
  const rest = `${minutes}:${String(whole % 60).padStart(2, '0')}`;
  return tenths % 10 === 0 ? rest : `${rest}.${tenths % 10}`;
}

/** A typed moment in seconds ("1:02", "62", "1:02.5", "1:00:05"), or null when it is not one. */
export function parseMoment(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  const units = whole!.split(':').map(Number);
  if (units.slice(1).some((unit) => unit >= 60)) return null;
  const seconds = units.reduce((total, unit) => total * 60 + unit, 0);
  return seconds + (fraction ? Number(`0.${fraction}`) : 0);
}

/** "0:10–0:20" for a range, "0:42" for a moment. */
export const formatSpan = (at: number, end: number | null) =>
  end === null ? formatMoment(at) : `${formatMoment(at)}–${formatMoment(end)}`;
