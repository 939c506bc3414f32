import { FormField, TextField, inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { DURATION_PATTERN } from '#common/samples.ts';
import type { SampleFields } from './sample-payload.ts';

// The dashboard's forms are dense: slightly shorter controls than the public forms'.
const compact = 'py-2.5';

interface Props {
  idPrefix: string;
  fields: SampleFields;
  onChange: (fields: SampleFields) => void;
  /** The server's first message per field, shown under the field it names. */
  errors?: Partial<Record<keyof SampleFields, string>>;
  titleLabel: string;
  /** Marks the title with * (the upload form). */
  markRequired?: boolean;
  disabled?: boolean;
}

/** Title, Artist, Genre, Duration and Description, shared by Upload New and Edit Sample. */
export function SampleTextFields({ idPrefix, fields, onChange, errors = {}, titleLabel, markRequired = false, disabled }: Props) {
  const bind = (key: keyof SampleFields) => ({
    id: `${idPrefix}-${key}`,
    name: key,
    value: fields[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...fields, [key]: event.target.value }),
    error: errors[key],
    disabled,
    autoComplete: 'off',
  });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <TextField
        {...bind('title')}
        label={
          <>
            {titleLabel}
            {markRequired ? (
              <span aria-hidden className="ml-0.5 text-accent">
                *
              </span>
            ) : null}
          </>
        }
        required={markRequired}
        aria-required={markRequired || undefined}
        className={compact}
        maxLength={200}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 sm:grid-cols-2">
        <TextField {...bind('artist')} label="Artist" className={compact} maxLength={200} />
        <TextField {...bind('genre')} label="Genre" className={compact} placeholder="e.g. Hip-Hop, Rock, Pop" maxLength={60} />
      </div>
      <TextField
        {...bind('duration')}
        label="Duration"
        className={cn(compact, 'sm:max-w-40')}
        placeholder="e.g. 3:45"
        maxLength={10}
        // Text, not numeric: a phone's number pad has no ":".
        inputMode="text"
        pattern={DURATION_PATTERN}
        title="Minutes and seconds, like 3:45"
      />
      <FormField id={`${idPrefix}-description`} label="Description" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            name="description"
            rows={3}
            value={fields.description}
            onChange={(event) => onChange({ ...fields, description: event.target.value })}
            disabled={disabled}
            className={cn(inputClasses, compact)}
            maxLength={2000}
          />
        )}
      </FormField>
    </div>
  );
}
