// Plain code, no zod: the public player imports it without pulling in the validation library.

/** `m:ss` as the player and the prefilled duration show it. */
export function formatTime(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** `m:ss` with tenths when the moment is not on a whole second ("0:42", "1:02.5"). */
export function formatMoment(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenths = Math.round(safe * 10);
  const whole = Math.floor(tenths / 10);
  const minutes = Math.floor(whole / 60);
  const rest = `${minutes}:${String(whole % 60).padStart(2, '0')}`;
  return tenths % 10 === 0 ? rest : `${rest}.${tenths % 10}`;
}

/** "0:10–0:20" for a range, "0:42" for a moment. */
export const formatSpan = (at: number, end: number | null) =>
  end === null ? formatMoment(at) : `${formatMoment(at)}–${formatMoment(end)}`;
