import { useMemo } from 'react';
import { formatOpeningHours } from '#common/site-content/format.ts';
import type { OpeningHours } from '#common/site-content/opening-hours.ts';
import { WEEKDAYS, WEEKDAY_NAMES, type Weekday } from '#common/site-content/weekdays.ts';
import { openingHoursSchema } from '#common/site-content/opening-hours.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { FieldGroup, GroupError, compactInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

/** Every IANA zone the browser knows, with the current one kept even if it does not list it. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * Opening hours as data: a row per weekday (open, opens, closes) and the time zone, with the one
 * wording every page will show, updated as the owner types.
 */
export function HoursEditor({ form }: { form: SectionForm }) {
  const hours = form.value<OpeningHours>('hours');
  const hydrated = useHydrated();
  const zones = useMemo(() => timeZones(hours.timeZone), [hours.timeZone]);
  const preview = openingHoursSchema.safeParse(hours).success ? formatOpeningHours(hours) : null;

  const toggle = (day: Weekday, open: boolean) => {
    const others = hours.days.filter((entry) => entry.day !== day);
    // A day opened again starts with the hours of the nearest open day before it, the usual case.
    const before = [...others].reverse().find((entry) => WEEKDAYS.indexOf(entry.day) < WEEKDAYS.indexOf(day));
    const added = { day, opens: before?.opens ?? '09:00', closes: before?.closes ?? '17:00' };
    const days = open ? [...others, added].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day)) : others;
    form.set('hours.days', days);
  };

  return (
    <FieldGroup legend="Opening hours" description="The times clients can reach the studio. Leave a day unticked when it is closed.">
      <div className="grid gap-2">
        {WEEKDAYS.map((day) => {
          const index = hours.days.findIndex((entry) => entry.day === day);
          const entry = index >= 0 ? hours.days[index] : undefined;
          const name = WEEKDAY_NAMES[day];
          const openId = form.id(`hours.open.${day}`);
          return (
            <div
              key={day}
              // On a phone the two times get the row under the day to themselves: beside it they were cut to "10:".
              className="grid grid-cols-[minmax(0,1fr)] items-start gap-x-3 gap-y-1 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-y-2"
            >
              <label htmlFor={openId} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-fg">
                <input
                  id={openId}
                  type="checkbox"
                  checked={Boolean(entry)}
                  onChange={(event) => toggle(day, event.target.checked)}
                  disabled={form.saving}
                  className="size-5 accent-[var(--color-accent)]"
                />
                {name}
                <span className="sr-only">{' open'}</span>
              </label>
              {entry ? (
                <div className="grid grid-cols-2 gap-3 pb-2 sm:max-w-sm sm:pb-0">
                  {(['opens', 'closes'] as const).map((side) => {
                    const path = `hours.days.${index}.${side}`;
                    const other = `hours.days.${index}.${side === 'opens' ? 'closes' : 'opens'}`;
                    return (
                      <FormField
                        key={side}
                        id={form.id(path)}
                        label={<span className="sr-only">{`${name} ${side}`}</span>}
                        error={form.error(path)}
                      >
                        {(control) => (
                          <input
                            {...control}
                            type="time"
                            value={entry[side]}
                            onChange={(event) => form.set(path, event.target.value, [other])}
                            disabled={form.saving}
                            className={cn(compactInput, '-mt-2')}
                          />
                        )}
                      </FormField>
                    );
                  })}
                </div>
              ) : (
                <p className="-mt-2 pb-2 pl-8 text-sm text-fg-subtle sm:mt-0 sm:flex sm:min-h-11 sm:items-center sm:pb-0 sm:pl-0">Closed</p>
              )}
            </div>
          );
        })}
      </div>
      <GroupError form={form} path="hours.days" />
      <FormField id={form.id('hours.timeZone')} label="Time zone" error={form.error('hours.timeZone')}>
        {(control) => (
          <select
            {...control}
            value={hours.timeZone}
            onChange={(event) => form.set('hours.timeZone', event.target.value)}
            disabled={form.saving}
            className={cn(compactInput, 'sm:max-w-sm')}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p className="rounded-lg border border-line bg-ink/40 px-4 py-3 text-sm text-fg-muted">
        Shown on the site as:{' '}
        <output htmlFor={form.id('hours.timeZone')} data-testid="hours-preview" className="font-semibold text-fg">
          {hydrated ? (preview ?? 'correct the hours above to see the wording') : ''}
        </output>
      </p>
    </FieldGroup>
  );
}
