import { createContext, useContext } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { formatStudioTime } from '#common/studio-time.ts';

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The studio's time zone, where the admin provides it: its times then read as the studio's ("5:00 PM EST"). */
export const StudioTimeZone = createContext<string | null>(null);

/**
 * Date and time for people. Inside the admin, in the studio's time zone, worded the same on the
 * server and in the browser. Elsewhere in the viewer's locale and time zone: the server knows
 * neither, so it renders the neutral UTC time and the browser replaces it after hydration.
 */
export function LocalDateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const studioZone = useContext(StudioTimeZone);
  const date = new Date(iso);
  const valid = !Number.isNaN(date.getTime());
  if (valid && studioZone) {
    return (
      <time dateTime={iso} title={date.toISOString()}>
        {formatStudioTime(iso, studioZone)}
      </time>
    );
  }
  return (
    <time dateTime={iso} title={valid && hydrated ? date.toISOString() : undefined}>
      {valid && hydrated ? date.toLocaleString(undefined, FORMAT) : `${iso.slice(0, 16).replace('T', ' ')} UTC`}
    </time>
  );
}
