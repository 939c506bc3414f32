// Plain code, no zod: the admin bundle and the server's e-mails and CSV both import it.

const STUDIO_FORMAT: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * "Nov 26, 2026, 5:00 PM EST": a moment as the studio reads it, in its own time zone (the one its
 * opening hours are in), the same on the server and in every browser. Text that is not a time is
 * returned as it is; a zone the platform does not know falls back to UTC.
 */
export function formatStudioTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-US', { ...STUDIO_FORMAT, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...STUDIO_FORMAT, timeZone: 'UTC' }).format(date);
  }
}
