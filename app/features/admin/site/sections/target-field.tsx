import { useState } from 'react';
import { FormField } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { SITE_PAGE_TARGETS, VISIBLE_SERVICES } from '#common/site-content/navigation.ts';
import type { Service } from '#common/site-content/services.ts';
import { compactInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

/** The choice that reveals the address input: a page of the owner's own, an anchor or an outside site. */
const OTHER = 'other';

interface TargetFieldProps {
  form: SectionForm;
  /** The item's `target` path. */
  path: string;
  label: string;
  services: readonly Pick<Service, 'slug' | 'name' | 'visible'>[];
  /** Under another item: the shown services may stand here. */
  child: boolean;
}

function choicesFor(services: TargetFieldProps['services'], child: boolean) {
  return [
    ...SITE_PAGE_TARGETS.map((page) => ({ value: page.target as string, label: page.label })),
    ...services.map((service) => ({
      value: `/services/${service.slug}`,
      label: `Service: ${service.name}${service.visible ? '' : ' (hidden: not in the menu)'}`,
    })),
    child
      ? { value: VISIBLE_SERVICES, label: 'Every shown service (automatic)' }
      : { value: '', label: 'No page: only opens the items under it' },
  ];
}

/**
 * Where a menu item leads: one of the site's pages or services from a list, or an address typed
 * in (a page of the owner's own like /credits, an anchor like /process#timeline, or an https://
 * address of another site). The schema names a bad address; this only offers the choices.
 */
export function TargetField({ form, path, label, services, child }: TargetFieldProps) {
  const target = form.value<string>(path) ?? '';
  const choices = choicesFor(services, child);
  const [typed, setTyped] = useState(() => !choices.some((choice) => choice.value === target));
  const id = form.id(path);
  const error = form.error(path);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={id} label={label} error={typed ? undefined : error}>
        {(control) => (
          <select
            {...control}
            value={typed ? OTHER : target}
            onChange={(event) => {
              const value = event.target.value;
              setTyped(value === OTHER);
              form.set(path, value === OTHER ? 'https://' : value);
            }}
            disabled={form.saving}
            className={compactInput}
          >
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
            <option value={OTHER}>Another address…</option>
          </select>
        )}
      </FormField>
      {typed ? (
        <FormField
          id={`${id}-address`}
          label={`${label}: address`}
          error={error}
          hint="Your own page (/credits), a part of a page (/process#timeline) or another site (https://…)."
        >
          {(control) => (
            <input
              {...control}
              value={target}
              onChange={(event) => form.set(path, event.target.value.trim())}
              disabled={form.saving}
              inputMode="url"
              maxLength={2048}
              className={cn(compactInput)}
            />
          )}
        </FormField>
      ) : null}
    </div>
  );
}
