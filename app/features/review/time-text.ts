// Moments as people type and read them: "1:02", "62", "1:02.5".

// Written the same way in e-mails and the activity log, so the shared formatting lives in common.
export { formatMoment, formatSpan } from '#common/format-time.ts';

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
