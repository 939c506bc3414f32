import { weakestAccentPair } from '#common/site-content/contrast.ts';
import { FieldGroup, TextInput } from '#app/features/admin/site/fields.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import type { Studio } from '#common/site-content/studio.ts';
import { BrandImages } from './brand-images.tsx';

const HEX = /^#[0-9a-fA-F]{6}$/;
const SWATCH =
  'h-11 w-20 cursor-pointer rounded-lg border border-line-strong bg-ink ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/** The logo and favicon, then the accent colour: a picker and its code side by side, with the contrast the pages would get. */
export function BrandForm({ form, studio }: { form: SectionForm; studio: Pick<Studio, 'name'> }) {
  const value = form.value<string>('accentColor') ?? '';
  const valid = HEX.test(value);
  const weakest = valid ? weakestAccentPair(value.toLowerCase()) : null;
  return (
    <>
      <BrandImages form={form} studio={studio} />
      <FieldGroup legend="Accent colour" description="Buttons, links, prices and highlights use it on the site's dark pages.">
        <div className="grid items-end gap-5 sm:grid-cols-[auto_minmax(0,16rem)]">
          <label className="grid gap-2 text-sm font-medium text-fg">
            Pick a colour
            <input
              type="color"
              value={valid ? value.toLowerCase() : '#f5b83d'}
              onChange={(event) => form.set('accentColor', event.target.value)}
              disabled={form.saving}
              className={SWATCH}
            />
          </label>
          <TextInput form={form} path="accentColor" label="Accent colour code" maxLength={7} placeholder="#f5b83d" />
        </div>
        {weakest !== null ? (
          <p role="status" className="flex flex-wrap items-center gap-3 text-sm text-fg-muted">
            <span className="rounded-lg px-3 py-1.5 font-semibold text-ink" style={{ backgroundColor: value }}>
              Get Started
            </span>
            <span style={{ color: value }}>A link in this colour</span>
            <span>
              Weakest place: {weakest.where.toLowerCase()}, {weakest.ratio}:1{' '}
              {weakest.ratio >= weakest.needs ? '(readable: WCAG AA)' : `(too low: at least ${weakest.needs}:1 is needed)`}
            </span>
          </p>
        ) : null}
      </FieldGroup>
    </>
  );
}
