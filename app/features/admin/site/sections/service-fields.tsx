import { FormField } from '#app/components/ui/form-field.tsx';
import { SERVICE_ICON_LABELS } from '#app/features/marketing/service-icon.tsx';
import type { Package } from '#common/site-content/packages.ts';
import { SERVICE_ICONS, slugFromName, type ServicePrice, type Services } from '#common/site-content/services.ts';
import { compactInput, GroupError, NumberInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';

/*
 * The services form's own controls: the icon, the price "from" and the packages a page shows.
 * Bound by path like every other input of the site editor.
 */

export function IconSelect({ form, path, label }: { form: SectionForm; path: string; label: string }) {
  return (
    <FormField id={form.id(path)} label={label} error={form.error(path)}>
      {(control) => (
        <select
          {...control}
          value={form.value<string>(path) ?? ''}
          onChange={(event) => form.set(path, event.target.value)}
          disabled={form.saving}
          className={compactInput}
        >
          {SERVICE_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {SERVICE_ICON_LABELS[icon]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * A service's name. While a service is new (not saved yet), its address follows the name until the
 * owner types an address of their own; a saved service's address changes only when asked (a rename).
 */
export function ServiceNameInput({ form, path, label }: { form: SectionForm; path: string; label: string }) {
  const name = form.value<string>(`${path}.name`) ?? '';
  const slug = form.value<string>(`${path}.slug`) ?? '';
  const id = form.value<string>(`${path}.id`);
  const isNew = !((form.base as unknown as Services).services ?? []).some((service) => service.id === id);
  return (
    <FormField id={form.id(`${path}.name`)} label={label} error={form.error(`${path}.name`)}>
      {(control) => (
        <input
          {...control}
          value={name}
          maxLength={60}
          onChange={(event) => {
            const next = event.target.value;
            form.set(`${path}.name`, next);
            if (isNew && (slug === '' || slug === slugFromName(name))) form.set(`${path}.slug`, slugFromName(next));
          }}
          disabled={form.saving}
          className={compactInput}
        />
      )}
    </FormField>
  );
}

/** "From the packages" (the lowest price among those the page shows) or a price the owner types. */
export function PriceFromInput({ form, path, label }: { form: SectionForm; path: string; label: string }) {
  const value = form.value<ServicePrice>(path);
  const fromPackages = value === 'packages';
  const amountId = form.id(`${path}.amount`);
  return (
    <div className="grid items-start gap-3 sm:grid-cols-2">
      <FormField id={form.id(path)} label={label} error={fromPackages ? form.error(path) : undefined}>
        {(control) => (
          <select
            {...control}
            value={fromPackages ? 'packages' : 'amount'}
            onChange={(event) => form.set(path, event.target.value === 'packages' ? 'packages' : Number.NaN)}
            disabled={form.saving}
            className={compactInput}
          >
            <option value="packages">The lowest price of its packages</option>
            <option value="amount">A price I type</option>
          </select>
        )}
      </FormField>
      {fromPackages ? null : <NumberInput form={form} path={path} id={amountId} label={`${label}: amount in dollars`} min={0} />}
    </div>
  );
}

/** Whether a page section's items show as cards in a grid or as numbered steps. */
export function ItemsAsInput({ form, path, label }: { form: SectionForm; path: string; label: string }) {
  const value = form.value<string>(path);
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium text-fg">{label}</legend>
      <div className="flex flex-wrap gap-x-6">
        {(['grid', 'steps'] as const).map((choice) => (
          <label key={choice} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-fg">
            <input
              type="radio"
              name={form.id(path)}
              value={choice}
              checked={value === choice}
              onChange={() => form.set(path, choice)}
              disabled={form.saving}
              className="size-5 accent-[var(--color-accent)]"
            />
            {choice === 'grid' ? 'Cards in a grid' : 'Numbered steps'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Which packages the page shows: one checkbox per package of the saved Packages section, in that
 * section's order. A key no package has any more stays listed, checked, so the owner can drop it.
 */
export function PackagePicker({ form, path, name, packages }: { form: SectionForm; path: string; name: string; packages: Package[] }) {
  const chosen = form.value<string[]>(path) ?? [];
  const known = new Set(packages.map((pkg) => pkg.key));
  const options = [
    ...packages.map((pkg) => ({ key: pkg.key, label: pkg.name })),
    ...chosen.filter((key) => !known.has(key)).map((key) => ({ key, label: `"${key}" (no such package any more)` })),
  ];
  const toggle = (key: string, on: boolean) => {
    const next = on ? [...chosen, key] : chosen.filter((candidate) => candidate !== key);
    const order = options.map((option) => option.key);
    form.set(
      path,
      next.sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
  };
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium text-fg">{name}: packages shown on its page</legend>
      <p className="text-xs text-fg-subtle">Their cards show under the page&apos;s sections, in the order of the Packages section.</p>
      {options.map((option) => {
        // A chosen package's checkbox has the id of its place in the list, so a server message
        // ("services.0.page.packages.1") and the error summary's link land on it.
        const at = chosen.indexOf(option.key);
        const id = form.id(at === -1 ? `${path}.key-${option.key}` : `${path}.${at}`);
        const error = at === -1 ? undefined : form.error(`${path}.${at}`);
        return (
          <div key={option.key} className="grid gap-1">
            <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-fg">
              <input
                id={id}
                type="checkbox"
                checked={at !== -1}
                onChange={(event) => toggle(option.key, event.target.checked)}
                disabled={form.saving}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className="size-5 shrink-0 accent-[var(--color-accent)]"
              />
              {option.label}
            </label>
            {error ? (
              <p id={`${id}-error`} className="text-sm font-medium text-red-400">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <GroupError form={form} path={path} />
    </fieldset>
  );
}
