/**
 * The one way sizes are written for people: decimal units, as file managers on phones and Macs show
 * them, so the audio limit of 500000000 bytes reads "500 MB" in the form, the uploader and its refusals.
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1e9) return `${trim(bytes / 1e9)} GB`;
  if (bytes >= 1e6) return `${trim(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${trim(bytes / 1e3)} kB`;
  return `${bytes} bytes`;
}

/** Whole units from ten up (50 MB, not 50.5 MB); one decimal below (2.5 MB). */
function trim(value: number): string {
  return value >= 10 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}
