/**
 * A calendar day (`YYYY-MM-DD`) in the viewer's words ("Dec 20, 2026"). The day is a date, not a
 * moment: formatted in UTC so no time zone moves it to the day before. Project data only reaches
 * the browser through the API, so server and browser never render these differently.
 */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A moment's calendar day for the viewer, in their own time zone ("Invited Dec 3, 2026"). */
export function formatMomentDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}
