import { useHydrated } from '#app/lib/use-hydrated.ts';

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * A moment in the client's own locale and time zone. The server knows neither, so it writes the UTC
 * time and the browser replaces it after hydration (the two renders agree).
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const valid = !Number.isNaN(date.getTime());
  return (
    <time dateTime={iso}>{valid && hydrated ? date.toLocaleString(undefined, FORMAT) : `${iso.slice(0, 16).replace('T', ' ')} UTC`}</time>
  );
}
