import { Plus, X } from 'lucide-react';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from '#common/site-content/weekdays.ts';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { rowId, type SettingsErrors, type WindowDraft } from './settings-form.ts';

/** Two times, "to" and a remove button fit a phone's row once the desktop clock icon steps aside (a phone opens its own picker). */
const TIME_INPUT = 'px-3 py-2 max-sm:px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden';

interface Props {
  weekly: WindowDraft[];
  errors: SettingsErrors;
  onChange: (weekly: WindowDraft[]) => void;
}

/** The hours the studio takes consultations, per weekday, in the studio's zone; a day without windows takes none. */
export function WeeklyEditor({ weekly, errors, onChange }: Props) {
  const update = (row: string, change: Partial<WindowDraft>) =>
    onChange(weekly.map((window) => (window.rowId === row ? { ...window, ...change } : window)));
  const add = (day: Weekday) => {
    const last = weekly
      .filter((window) => window.day === day)
      .sort((a, b) => a.to.localeCompare(b.to))
      .at(-1);
    const from = last ? last.to : '09:00';
    const to = from < '17:00' ? '17:00' : '23:59';
    onChange([...weekly, { rowId: rowId(), day, from, to }]);
  };
  return (
    <div className="grid gap-2">
      {WEEKDAYS.map((day) => {
        const windows = weekly.filter((window) => window.day === day);
        return (
          <div key={day} className="grid gap-2 border-b border-line py-3 last:border-0 sm:grid-cols-[8rem_minmax(0,1fr)] sm:items-start">
            <p className="pt-2 text-sm font-semibold text-fg">{WEEKDAY_NAMES[day]}</p>
            <div className="grid gap-2">
              {windows.length === 0 ? <p className="pt-2 text-sm text-fg-subtle">No consultations</p> : null}
              {windows.map((window) => {
                const error = errors[`${window.rowId}.to`] ?? errors[`${window.rowId}.from`];
                const name = `${WEEKDAY_NAMES[day]} window`;
                return (
                  <div key={window.rowId} className="grid gap-1">
                    <div className="grid max-w-md grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-2">
                      <input
                        type="time"
                        aria-label={`${name} from`}
                        value={window.from}
                        aria-invalid={error ? true : undefined}
                        onChange={(event) => update(window.rowId, { from: event.target.value })}
                        className={cn(inputClasses, TIME_INPUT)}
                      />
                      <span className="text-sm text-fg-muted">to</span>
                      <input
                        type="time"
                        aria-label={`${name} to`}
                        value={window.to}
                        aria-invalid={error ? true : undefined}
                        onChange={(event) => update(window.rowId, { to: event.target.value })}
                        className={cn(inputClasses, TIME_INPUT)}
                      />
                      <Button
                        variant="ghost"
                        size="sm"
                        className="px-3"
                        aria-label={`Remove ${WEEKDAY_NAMES[day]} ${window.from} to ${window.to}`}
                        onClick={() => onChange(weekly.filter((item) => item.rowId !== window.rowId))}
                      >
                        <X aria-hidden className="size-4" />
                      </Button>
                    </div>
                    {error ? (
                      <p role="alert" className="text-sm font-medium text-red-400">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              <div>
                <Button variant="ghost" size="sm" onClick={() => add(day)} aria-label={`Add hours on ${WEEKDAY_NAMES[day]}`}>
                  <Plus aria-hidden className="size-4" />
                  Add hours
                </Button>
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
