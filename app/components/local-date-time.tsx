import { useHydrated } from '#app/lib/use-hydrated.ts';

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Date and time in the viewer's locale and time zone. The server knows neither, so it renders the
 * neutral UTC time and the browser replaces it after hydration (no mismatch between the two renders).
 */
export function LocalDateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const valid = !Number.isNaN(date.getTime());
  return (
    <time dateTime={iso} title={valid && hydrated ? date.toISOString() : undefined}>
      {valid && hydrated ? date.toLocaleString(undefined, FORMAT) : `${iso.slice(0, 16).replace('T', ' ')} UTC`}
    </time>
  );
}
