import { useEffect, useMemo, useRef, useState } from 'react';
import { Globe } from 'lucide-react';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { zoneLabel } from './booking-steps.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The list's options as markup: four hundred zones hydrated as elements would cost the page's first seconds on a phone. */
export const zoneOptionsHtml = (zones: readonly string[], selected: string) =>
  zones
    .map((zone) => `<option value="${escapeHtml(zone)}"${zone === selected ? ' selected' : ''}>${escapeHtml(zoneLabel(zone))}</option>`)
    .join('');

/**
 * The zone the times are shown in. Without JavaScript a GET form (the choice rides in `?tz=`, the
 * other choices in hidden fields); with it, a change applies at once.
 */
export function ZonePicker({
  action,
  zone,
  zones,
  keep,
  onPick,
}: {
  action: string;
  zone: string;
  zones: readonly string[];
  /** The other choices so far, kept across the GET. */
  keep: Record<string, string | null>;
  onPick?: (zone: string) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  // The markup is made once (the server's choice selected); later choices are set on the element.
  const [firstZone] = useState(zone);
  const options = useMemo(() => zoneOptionsHtml(zones, firstZone), [zones, firstZone]);
  useEffect(() => {
    if (select.current) select.current.value = zone;
  }, [zone, options]);
  return (
    <form
      method="get"
      action={action}
      onSubmit={(event) => {
        if (!onPick) return;
        event.preventDefault();
      }}
      className="flex flex-wrap items-end gap-3"
    >
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <div className="grid min-w-0 flex-1 gap-2 sm:max-w-md">
        <label htmlFor="booking-zone" className="flex items-center gap-2 text-sm font-medium text-fg">
          <Globe aria-hidden className="size-4 text-accent" />
          Your time zone
        </label>
        <select
          ref={select}
          id="booking-zone"
          name="tz"
          onChange={(event) => onPick?.(event.target.value)}
          className={cn(inputClasses, 'py-2.5')}
          dangerouslySetInnerHTML={{ __html: options }}
        />
      </div>
      <noscript>
        <button type="submit" className={buttonClasses('secondary', 'md')}>
          Show times
        </button>
      </noscript>
    </form>
  );
}
