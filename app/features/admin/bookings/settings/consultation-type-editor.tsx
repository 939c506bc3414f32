import { Trash2 } from 'lucide-react';
import type { MeetingKind } from '#common/booking/settings.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, inputClasses, TextField } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import type { SettingsErrors, TypeDraft } from './settings-form.ts';

const MEETING_LABELS: Record<MeetingKind, string> = {
  phone: 'Phone call (the visitor gives a number)',
  video: 'Video call (your meeting link)',
  studio: 'At the studio',
};

type NumberKey =
  'lengthMinutes' | 'startEveryMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'minimumNoticeHours' | 'horizonDays' | 'maxPerDay';
const NUMBERS: { key: NumberKey; label: string; unit: string; step?: string }[] = [
  { key: 'lengthMinutes', label: 'Length', unit: 'minutes' },
  { key: 'startEveryMinutes', label: 'Start every', unit: 'minutes' },
  { key: 'bufferBeforeMinutes', label: 'Buffer before', unit: 'minutes' },
  { key: 'bufferAfterMinutes', label: 'Buffer after', unit: 'minutes' },
  { key: 'minimumNoticeHours', label: 'Minimum notice', unit: 'hours', step: '0.5' },
  { key: 'horizonDays', label: 'How far ahead', unit: 'days' },
  { key: 'maxPerDay', label: 'At most per day', unit: 'bookings' },
];

interface Props {
  type: TypeDraft;
  errors: SettingsErrors;
  hasStudioAddress: boolean;
  onChange: (change: Partial<TypeDraft>) => void;
  onRemove?: () => void;
}

/** One consultation type: what the visitor chooses on /book, and the shape of its slots. */
export function ConsultationTypeEditor({ type, errors, hasStudioAddress, onChange, onRemove }: Props) {
  const id = type.rowId;
  const error = (field: string) => errors[`${id}.${field}`];
  return (
    <fieldset className="grid gap-4 rounded-xl border border-line bg-ink/40 p-4">
      <legend className="sr-only">{type.name || 'Consultation type'}</legend>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-fg sm:min-h-0">
          <input
            type="checkbox"
            checked={type.enabled}
            onChange={(event) => onChange({ enabled: event.target.checked })}
            className="size-4 accent-[var(--color-accent)]"
          />
          Offered on the booking page
        </label>
        {onRemove ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            className="text-red-300 hover:text-red-200"
            aria-label={`Remove ${type.name || 'this type'}`}
          >
            <Trash2 aria-hidden className="size-4" />
            Remove
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Name"
          value={type.name}
          error={error('name')}
          maxLength={120}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <FormField id={`${id}-meeting`} label="How it happens" error={error('meeting')}>
          {(control) => (
            <select
              {...control}
              value={type.meeting}
              onChange={(event) => onChange({ meeting: event.target.value as MeetingKind })}
              className={cn(inputClasses, 'pr-8')}
            >
              {(Object.keys(MEETING_LABELS) as MeetingKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {MEETING_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {type.meeting === 'video' ? (
        <TextField
          id={`${id}-link`}
          label="Meeting link"
          type="url"
          inputMode="url"
          placeholder="https://meet.example.com/studio"
          value={type.meetingLink}
          error={error('meetingLink')}
          hint="Sent to the visitor with the confirmation."
          onChange={(event) => onChange({ meetingLink: event.target.value })}
        />
      ) : null}
      {type.meeting === 'studio' && !hasStudioAddress ? (
        <p className="text-sm text-orange-300">
          Add the studio&apos;s street address under Site, Studio: the visitor needs to know where to come.
        </p>
      ) : null}
      <FormField id={`${id}-description`} label="Description" error={error('description')} hint="Shown under the name on the booking page.">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={type.description}
            maxLength={500}
            onChange={(event) => onChange({ description: event.target.value })}
            className={inputClasses}
          />
        )}
      </FormField>
      {/* Bottom-aligned: a label that wraps on a phone does not push its input below its neighbour's. */}
      <div className="grid grid-cols-2 items-end gap-4 lg:grid-cols-4">
        {NUMBERS.map((field) => (
          <TextField
            key={field.key}
            id={`${id}-${field.key}`}
            label={`${field.label} (${field.unit})`}
            type="number"
            inputMode="decimal"
            min={0}
            step={field.step ?? '1'}
            value={type[field.key]}
            error={error(field.key)}
            onChange={(event) => onChange({ [field.key]: event.target.value })}
          />
        ))}
      </div>
    </fieldset>
  );
}
