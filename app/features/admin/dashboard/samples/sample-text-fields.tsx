import type { ReactNode } from 'react';
import { cn } from '#app/lib/cn.ts';
import { inputClasses } from '#app/features/admin/auth/form-field.tsx';
import type { SampleFields } from './sample-payload';

function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
    </div>
  );
}

interface Props {
  idPrefix: string;
  fields: SampleFields;
  onChange: (fields: SampleFields) => void;
  titleLabel: string;
  /** Marks the title with * (the upload form). */
  markRequired?: boolean;
  disabled?: boolean;
}

/** Title, Artist, Genre, Duration and Description, shared by Upload New and Edit Sample. */
export function SampleTextFields({ idPrefix, fields, onChange, titleLabel, markRequired = false, disabled }: Props) {
  const set = (key: keyof SampleFields) => (event: { target: { value: string } }) => onChange({ ...fields, [key]: event.target.value });
  const input = cn(inputClasses, 'py-2.5');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <Field
        id={`${idPrefix}-title`}
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
      >
        <input
          id={`${idPrefix}-title`}
          name="title"
          required={markRequired}
          aria-required={markRequired || undefined}
          value={fields.title}
          onChange={set('title')}
          disabled={disabled}
          className={input}
          maxLength={200}
          autoComplete="off"
        />
      </Field>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 sm:grid-cols-2">
        <Field id={`${idPrefix}-artist`} label="Artist">
          <input
            id={`${idPrefix}-artist`}
            name="artist"
            value={fields.artist}
            onChange={set('artist')}
            disabled={disabled}
            className={input}
            maxLength={200}
            autoComplete="off"
          />
        </Field>
        <Field id={`${idPrefix}-genre`} label="Genre">
          <input
            id={`${idPrefix}-genre`}
            name="genre"
            value={fields.genre}
            onChange={set('genre')}
            disabled={disabled}
            className={input}
            placeholder="e.g. Hip-Hop, Rock, Pop"
            maxLength={60}
            autoComplete="off"
          />
        </Field>
      </div>
      <Field id={`${idPrefix}-duration`} label="Duration">
        <input
          id={`${idPrefix}-duration`}
          name="duration"
          value={fields.duration}
          onChange={set('duration')}
          disabled={disabled}
          className={cn(input, 'sm:max-w-40')}
          placeholder="e.g. 3:45"
          maxLength={10}
          autoComplete="off"
          inputMode="numeric"
        />
      </Field>
      <Field id={`${idPrefix}-description`} label="Description">
        <textarea
          id={`${idPrefix}-description`}
          name="description"
          rows={3}
          value={fields.description}
          onChange={set('description')}
          disabled={disabled}
          className={input}
          maxLength={2000}
        />
      </Field>
    </div>
  );
}
