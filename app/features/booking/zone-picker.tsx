import { Globe } from 'lucide-react';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { zoneLabel } from './booking-steps.ts';

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
  zones: string[];
  /** The other choices so far, kept across the GET. */
  keep: Record<string, string | null>;
  onPick?: (zone: string) => void;
}) {
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
          id="booking-zone"
          name="tz"
          value={zone}
          onChange={(event) => onPick?.(event.target.value)}
          className={cn(inputClasses, 'py-2.5')}
        >
          {zones.map((name) => (
            <option key={name} value={name}>
              {zoneLabel(name)}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className={buttonClasses('secondary', 'md')}>
          Show times
        </button>
      </noscript>
    </form>
  );
}
