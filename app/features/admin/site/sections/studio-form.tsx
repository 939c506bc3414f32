import { socialPlatform } from '#common/site-content/format.ts';
import type { SocialLink, Studio } from '#common/site-content/studio.ts';
import { FieldGroup, NumberInput, TextInput } from '#app/features/admin/site/fields.tsx';
import { ListEditor } from '#app/features/admin/site/list-editor.tsx';
import type { SectionForm } from '#app/features/admin/site/use-section-form.ts';
import { TokenChips } from '#app/features/admin/site/token-chips.tsx';
import { HoursEditor } from './hours-editor.tsx';

const PLATFORM_NAMES: Record<ReturnType<typeof socialPlatform>, string> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  soundcloud: 'SoundCloud',
  spotify: 'Spotify',
  tiktok: 'TikTok',
  x: 'X',
  facebook: 'Facebook',
  bandcamp: 'Bandcamp',
  website: 'Website',
};

/** Name, contact, place, hours, reply time and social profiles. */
export function StudioForm({ form }: { form: SectionForm }) {
  return (
    <>
      <FieldGroup legend="Identity">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput form={form} path="name" label="Studio name" maxLength={80} autoComplete="organization" />
          <TextInput
            form={form}
            path="shortName"
            label="Short name"
            hint="Shown in the phone header where the full name does not fit."
            maxLength={24}
          />
        </div>
        <TextInput form={form} path="tagline" label="Tagline" maxLength={200} />
        <TokenChips text={form.value<string>('tagline') ?? ''} studio={form.draft as Studio} />
        <TextInput form={form} path="serviceArea" label="Service area" hint={'The contact page\u2019s "Service Area".'} maxLength={80} />
        <TextInput
          form={form}
          path="reach"
          label="Reach"
          hint='After your city in the footer and on share images, e.g. "serving artists worldwide". Leave empty for the city alone.'
          maxLength={80}
        />
        <NumberInput
          form={form}
          path="experienceYears"
          label="Years of experience"
          hint={`Texts say it through the "Years of experience" chip, as "${form.value<number>('experienceYears') ?? 0}+".`}
          min={0}
          max={99}
          className="sm:max-w-56"
        />
      </FieldGroup>
      <FieldGroup legend="Contact">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            form={form}
            path="email"
            label="Public e-mail"
            type="email"
            autoComplete="email"
            hint="Shown on the site; contact notices reply to it."
          />
          <TextInput
            form={form}
            path="phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            hint="Shown only when set, e.g. +1 404 555 0100."
          />
        </div>
        <NumberInput
          form={form}
          path="responseHours"
          label="Reply time in hours"
          hint="The site promises a reply within this many hours."
          min={1}
          max={336}
          className="sm:max-w-56"
        />
      </FieldGroup>
      <FieldGroup legend="Location" description="The street and postal code are optional: search engines show them with the studio.">
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
          <TextInput form={form} path="streetAddress" label="Street address" maxLength={120} autoComplete="address-line1" />
          <TextInput form={form} path="postalCode" label="Postal code" maxLength={12} autoComplete="postal-code" />
        </div>
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
          <TextInput form={form} path="location.city" label="City" autoComplete="address-level2" />
          <TextInput form={form} path="location.region" label="Region" hint="As in an address: GA" autoComplete="address-level1" />
          <TextInput form={form} path="location.country" label="Country" hint="Two letters: US" maxLength={2} autoComplete="country" />
        </div>
      </FieldGroup>
      <HoursEditor form={form} />
      <ListEditor<SocialLink>
        form={form}
        path="social"
        legend="Social profiles"
        description="Instagram, YouTube, SoundCloud, Spotify, TikTok, X, Facebook, Bandcamp or any https page."
        noun="Profile"
        make={() => ({ label: '', url: '' })}
        max={12}
        empty="No profiles yet: the footer shows no social links."
        columns="sm:grid-cols-[1fr_2fr]"
      >
        {({ path, name }) => {
          const url = form.value<string>(`${path}.url`);
          return (
            <>
              <TextInput form={form} path={`${path}.label`} label={`${name} label`} maxLength={40} placeholder="Instagram" />
              <TextInput
                form={form}
                path={`${path}.url`}
                label={`${name} address`}
                type="url"
                inputMode="url"
                placeholder="https://instagram.com/yourstudio"
                hint={url ? `Recognised as: ${PLATFORM_NAMES[socialPlatform(url)]}` : undefined}
              />
            </>
          );
        }}
      </ListEditor>
    </>
  );
}
